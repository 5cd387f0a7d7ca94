import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ActionResult,
  CancelBody,
  ClaimBody,
  FailBody,
  HoldBody,
  LogisticsBody,
  PatchRefundBody,
  PatchRequestBody,
  PatchSimpleBody,
  PurchaseDetail,
  PurchaseDetailQuery,
  PurchasedBody,
  PurchaserList,
  PurchaseListQuery,
  PurchaseListResult,
  ReleaseBody,
  TransferBody,
  ManualPaidBody,
  WaitPaidActionResult,
  WaitPaidCancelBody,
  WaitPaidDetail,
  WaitPaidDetailQuery,
  WaitPaidList,
  WaitPaidListQuery,
} from '@waystation/shared/contract/purchase';
import { api } from '../../core/http';
import type { ModuleContext } from '../context';
import { itemUrls } from './queries';
import { countByStatus, listPurchases, purchaseDetail, purchaseHoldAge, purchasers, purchaseWaitAge } from './queries';
import * as desk from './service';
import { cancelUnpaid, listUnpaid, manualPaid, unpaidDetail } from './unpaid';

const BUY = 'buy:buyOrder';

/** The purchase desk (buy orders) and the warehouse's read-only order query over the same lines. */
export function purchaseRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  const { storage } = ctx;
  // Purchase within the SLA of payment; a held line within the SLA of being held (its last change).
  ctx.badges.register('purchase_wait', (d) => countByStatus(d, 'purchase_wait'), purchaseWaitAge);
  ctx.badges.register('purchase_hold', (d) => countByStatus(d, 'purchase_hold'), purchaseHoldAge);

  for (const [prefix, permission] of [
    ['/api/buy', BUY],
    ['/api/warehouse', 'warehouse:orderQuery'],
  ] as const) {
    const list = prefix === '/api/buy' ? '/pageList' : '/orderQuery';
    const detail = prefix === '/api/buy' ? '/detail' : '/orderDetail';
    api(app, {
      method: 'GET',
      url: prefix + list,
      permission,
      summary: 'Purchase lines by status, queryForm filters (numberType/numberValue/mallType), sort, keyset cursor',
      query: PurchaseListQuery,
      data: PurchaseListResult,
      handler: ({ query, caller }) => listPurchases(db, query, caller.id),
    });
    api(app, {
      method: 'GET',
      url: prefix + detail,
      permission,
      summary: 'A purchase line with its order, item, trace timeline and allowed actions',
      query: PurchaseDetailQuery,
      data: PurchaseDetail,
      handler: async ({ query, caller, now }) => purchaseDetail(db, query.id, caller, await itemUrls(db, storage, now)),
    });
  }
  api(app, {
    method: 'GET',
    url: '/api/buy/purchaserList',
    permission: BUY,
    summary: 'Staff who may buy (transfer targets)',
    data: PurchaserList,
    handler: () => purchasers(db),
  });

  function action<B extends z.ZodType>(
    url: string,
    summary: string,
    body: B,
    run: (b: z.output<B>, op: desk.Op) => Promise<ActionResult>,
    extra: { verify?: 'cancel_purchase'; verifyTarget?: (input: { body: z.output<B> }) => number } = {},
  ): void {
    api(app, {
      method: 'POST',
      url,
      permission: BUY,
      summary,
      body,
      data: ActionResult,
      ...(extra as object),
      handler: ({ body: b, caller, actor, now }) => run(b as z.output<B>, { caller, actor, now }),
    });
  }

  const UNPAID = 'waitPaidOrder:list';
  api(app, {
    method: 'GET',
    url: '/api/waitPaidOrder/pageList',
    permission: UNPAID,
    summary: 'Unpaid shop orders',
    query: WaitPaidListQuery,
    data: WaitPaidList,
    handler: ({ query }) => listUnpaid(db, query),
  });
  api(app, {
    method: 'GET',
    url: '/api/waitPaidOrder/detail',
    permission: UNPAID,
    summary: 'An unpaid order with its lines',
    query: WaitPaidDetailQuery,
    data: WaitPaidDetail,
    handler: ({ query }) => unpaidDetail(db, query.id),
  });
  api(app, {
    method: 'POST',
    url: '/api/waitPaidOrder/manualPaid',
    permission: UNPAID,
    summary: 'Payment received outside the member site: lines queue for buying',
    body: ManualPaidBody,
    data: WaitPaidActionResult,
    handler: ({ body, caller, actor, now }) => manualPaid(db, body, { caller, actor, now }),
  });
  api(app, {
    method: 'POST',
    url: '/api/waitPaidOrder/cancel',
    permission: UNPAID,
    summary: 'Cancel an unpaid order and its lines',
    body: WaitPaidCancelBody,
    data: WaitPaidActionResult,
    handler: ({ body, caller, actor, now }) => cancelUnpaid(db, body, { caller, actor, now }),
  });

  action('/api/buy/claim', 'Claim a waiting line (purchase_wait → purchasing)', ClaimBody, (b, op) => desk.claim(db, b.id, op));
  action('/api/buy/transfer', 'Hand a line to another purchaser', TransferBody, (b, op) => desk.transfer(db, b, op));
  action('/api/buy/hold', 'Put a line on hold (purchase_hold)', HoldBody, (b, op) => desk.hold(db, b, op));
  action('/api/buy/release', 'Release a held line', ReleaseBody, (b, op) => desk.release(db, b, op));
  action('/api/buy/purchased', 'Record the marketplace purchase (→ purchased)', PurchasedBody, (b, op) => desk.markPurchased(db, b, op));
  action('/api/buy/patchRequest', 'Ask the member for a price top-up (→ purchase_patch)', PatchRequestBody, (b, op) => desk.patchRequest(db, b, op));
  action('/api/buy/patchPaid', 'The member paid the top-up (→ purchasing, patch_completed)', PatchSimpleBody, (b, op) => desk.patchPaid(db, b, op));
  // Every path that sends a line's money back to the balance is verified like cancelling it.
  action(
    '/api/buy/patchRefund',
    'Refund the price difference to the member balance (sensitive: cancel_purchase)',
    PatchRefundBody,
    (b, op) => desk.patchRefund(db, b, op),
    {
      verify: 'cancel_purchase',
      verifyTarget: ({ body }) => body.id,
    },
  );
  action('/api/buy/patchMatch', 'No top-up and no refund (patch_match)', PatchSimpleBody, (b, op) => desk.patchMatch(db, b, op));
  action('/api/buy/fail', 'Purchase failed (→ purchase_fail → refunded; sensitive: cancel_purchase)', FailBody, (b, op) => desk.fail(db, b, op), {
    verify: 'cancel_purchase',
    verifyTarget: ({ body }) => body.id,
  });
  action('/api/buy/logistics', 'Update the domestic tracking number and logistics status', LogisticsBody, (b, op) => desk.logistics(db, b, op));
  action(
    '/api/buy/cancel',
    'Cancel a line (sensitive: cancel_purchase); a paid line is refunded to the balance',
    CancelBody,
    (b, op) => desk.cancel(db, b, op),
    {
      verify: 'cancel_purchase',
      verifyTarget: ({ body }) => body.id,
    },
  );
}
