import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  type ActionResult,
  buyPurchaserListCall,
  waitPaidOrderPageListCall,
  waitPaidOrderDetailCall,
  waitPaidOrderManualPaidCall,
  waitPaidOrderCancelCall,
  buyPageListCall,
  buyDetailCall,
  warehouseOrderQueryCall,
  warehouseOrderDetailCall,
  buyClaimCall,
  buyTransferCall,
  buyHoldCall,
  buyReleaseCall,
  buyPurchasedCall,
  buyPatchRequestCall,
  buyPatchPaidCall,
  buyPatchRefundCall,
  buyPatchMatchCall,
  buyFailCall,
  buyLogisticsCall,
  buyCancelCall,
} from '@waystation/shared/contract/purchase';
import type { Call } from '@waystation/shared/contract/call';
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

  for (const [list, detail, permission] of [
    [buyPageListCall, buyDetailCall, BUY],
    [warehouseOrderQueryCall, warehouseOrderDetailCall, 'warehouse:orderQuery'],
  ] as const) {
    api(app, list, {
      permission,
      summary: 'Purchase lines by status, queryForm filters (numberType/numberValue/mallType), sort, keyset cursor',
      handler: ({ query, caller }) => listPurchases(db, query, caller.id),
    });
    api(app, detail, {
      permission,
      summary: 'A purchase line with its order, item, trace timeline and allowed actions',
      handler: async ({ query, caller, now }) => purchaseDetail(db, query.id, caller, await itemUrls(db, storage, now)),
    });
  }
  api(app, buyPurchaserListCall, {
    permission: BUY,
    summary: 'Staff who may buy (transfer targets)',
    handler: () => purchasers(db),
  });

  function action<B extends z.ZodType>(
    call: Call<undefined, B, typeof ActionResult>,
    summary: string,
    run: (b: z.output<B>, op: desk.Op) => Promise<ActionResult>,
    extra: { verify?: 'cancel_purchase'; verifyTarget?: (input: { body: z.output<B> }) => number } = {},
  ): void {
    api(app, call, {
      permission: BUY,
      summary,
      ...(extra as object),
      handler: ({ body: b, caller, actor, now }) => run(b as z.output<B>, { caller, actor, now }),
    });
  }

  const UNPAID = 'waitPaidOrder:list';
  api(app, waitPaidOrderPageListCall, {
    permission: UNPAID,
    summary: 'Unpaid shop orders',
    handler: ({ query }) => listUnpaid(db, query),
  });
  api(app, waitPaidOrderDetailCall, {
    permission: UNPAID,
    summary: 'An unpaid order with its lines',
    handler: ({ query }) => unpaidDetail(db, query.id),
  });
  api(app, waitPaidOrderManualPaidCall, {
    permission: UNPAID,
    summary: 'Payment received outside the member site: priced like a member payment (level discount, service fee), lines queue for buying',
    creditsWithoutTicket: 'the agent’s commission is computed by the profit configuration from the order’s goods, once per order (no amount is entered)',
    handler: ({ body, caller, actor, now }) => manualPaid(db, body, { caller, actor, now }),
  });
  api(app, waitPaidOrderCancelCall, {
    permission: UNPAID,
    summary: 'Cancel an unpaid order and its lines',
    handler: ({ body, caller, actor, now }) => cancelUnpaid(db, body, { caller, actor, now }),
  });

  action(buyClaimCall, 'Claim a waiting line (purchase_wait → purchasing)', (b, op) => desk.claim(db, b.id, op));
  action(buyTransferCall, 'Hand a line to another purchaser', (b, op) => desk.transfer(db, b, op));
  action(buyHoldCall, 'Put a line on hold (purchase_hold)', (b, op) => desk.hold(db, b, op));
  action(buyReleaseCall, 'Release a held line', (b, op) => desk.release(db, b, op));
  action(buyPurchasedCall, 'Record the marketplace purchase (→ purchased)', (b, op) => desk.markPurchased(db, b, op));
  action(buyPatchRequestCall, 'Ask the member for a price top-up (→ purchase_patch)', (b, op) => desk.patchRequest(db, b, op));
  action(buyPatchPaidCall, 'The member paid the top-up (→ purchasing, patch_completed)', (b, op) => desk.patchPaid(db, b, op));
  // Every path that sends a line's money back to the balance is verified like cancelling it.
  action(buyPatchRefundCall, 'Refund the price difference to the member balance (sensitive: cancel_purchase)', (b, op) => desk.patchRefund(db, b, op), {
    verify: 'cancel_purchase',
    verifyTarget: ({ body }) => body.id,
  });
  action(buyPatchMatchCall, 'No top-up and no refund (patch_match)', (b, op) => desk.patchMatch(db, b, op));
  action(buyFailCall, 'Purchase failed (→ purchase_fail → refunded; sensitive: cancel_purchase)', (b, op) => desk.fail(db, b, op), {
    verify: 'cancel_purchase',
    verifyTarget: ({ body }) => body.id,
  });
  action(buyLogisticsCall, 'Update the domestic tracking number and logistics status', (b, op) => desk.logistics(db, b, op));
  action(buyCancelCall, 'Cancel a line (sensitive: cancel_purchase); a paid line is refunded to the balance', (b, op) => desk.cancel(db, b, op), {
    verify: 'cancel_purchase',
    verifyTarget: ({ body }) => body.id,
  });
}
