import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MemberOrder,
  OrderCreateBody,
  OrderListQuery,
  OrderListResult,
  OrderPayBody,
  MemberCouponList,
  MemberRedeemBody,
  MemberRedeemResult,
  OrderNoQuery,
  PurchaseNoBody,
  QcDecisionBody,
  RefundLineBody,
} from '@waystation/shared/contract/openOrders';
import {
  AlipayNotifyBody,
  BillPayBody,
  AlipayNotifyQuery,
  GatewayNotifyQuery,
  PaymentMethods,
  PaymentMethodsQuery,
  ProviderCallbackBody,
  SandboxPayBody,
  TopupBody,
  TopupIntent,
  TopupQuery,
} from '@waystation/shared/contract/openTopups';
import type { ModuleContext } from '../context';
import { openApi } from './http';
import { memberActor } from '../vip/memberAccounts';
import * as orders from '../purchase/shopOrders';
import * as topups from '../payment/topups';
import * as gateways from '../payment/gateways';
import { paypalCallback } from '../payment/paypalFlow';
import { createBillPayment } from '../payment/bills';
import { answerQcProblem } from '../afterSales/qcDecision';
import { redeemCode } from '../marketing/codes';

const stripeSignature = (req: { headers: Record<string, string | string[] | undefined> }) => {
  const h = req.headers['stripe-signature'];
  return typeof h === 'string' ? h : undefined;
};

/** The transmission headers PayPal sends with a notification, for PayPal to confirm it. */
const paypalTransmission = (req: { headers: Record<string, string | string[] | undefined> }) => {
  const h = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  return {
    transmissionId: h('paypal-transmission-id'),
    transmissionTime: h('paypal-transmission-time'),
    transmissionSig: h('paypal-transmission-sig'),
    certUrl: h('paypal-cert-url'),
    authAlgo: h('paypal-auth-algo'),
  };
};

/** The member API's top-ups and shop orders (payment/topups.ts, purchase/shopOrders.ts). */
export function memberShopRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, secrets } = app.services;
  const media = (uri: string) => ctx.storage.urlOf(uri);
  const memberTopups = topups.memberTopups(db, secrets, ctx.config.paymentSandbox);

  // ---------------------------------------------------------------- balance top-up
  openApi(app, {
    method: 'POST',
    path: '/topups',
    auth: 'member',
    summary: 'A balance top-up through a payment provider; credited when the provider’s signed callback says paid',
    body: TopupBody,
    data: TopupIntent,
    handler: ({ member, body, now, idempotencyKey }) => memberTopups.create(member.id, body, now, idempotencyKey),
  });
  openApi(app, {
    method: 'GET',
    path: '/topups/detail',
    auth: 'member',
    summary: 'One of the member’s top-ups',
    query: TopupQuery,
    data: TopupIntent,
    handler: ({ member, query }) => topups.topupOf(db, member.id, query.intentNo),
  });
  openApi(app, {
    method: 'POST',
    path: '/sandbox/pay',
    auth: 'member',
    summary: 'The sandbox provider pays (or fails) a pending top-up: it calls the callback route over HTTP, signed',
    body: SandboxPayBody,
    data: TopupIntent,
    handler: ({ member, body, now }) => {
      const address = app.server.address();
      const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
      return memberTopups.sandboxPay(member.id, body.intentNo, body.outcome, origin, now);
    },
  });
  openApi(app, {
    method: 'POST',
    path: '/payments/callback/sandbox',
    auth: 'public',
    summary: 'The sandbox provider’s callback (X-Sandbox-Signature: t=…,v1=HMAC-SHA256)',
    body: ProviderCallbackBody,
    data: z.object({ intentNo: z.string(), status: z.string() }),
    withoutIdempotencyKey: 'a provider retries with the same intent: the intent itself makes it apply once',
    // Every sandbox payment comes from this server's own address: a signed notification is never refused for rate.
    rateExemptWhenSigned: (req, now) => topups.callbackSigned(db, secrets, req.body, req.headers['x-sandbox-signature'] as string | undefined, now),
    handler: ({ body, req, now }) => memberTopups.callback(body, req.headers['x-sandbox-signature'] as string | undefined, now),
  });

  openApi(app, {
    method: 'GET',
    path: '/payments/methods',
    auth: 'member',
    summary: 'The payment channels the member may use now for a purpose and amount (the payment rules’ order), each with its fee',
    query: PaymentMethodsQuery,
    data: PaymentMethods,
    handler: ({ member, query }) => gateways.paymentMethods(db, member.id, query),
  });
  openApi(app, {
    method: 'POST',
    path: '/payments/bills',
    auth: 'member',
    summary:
      'Pays a shop order, a package’s freight or its freight top-up through a payment channel (or the sandbox): the server works out what is due; once the provider says paid, the money is credited to the balance and the bill paid from it (refused bills leave it in the balance)',
    body: BillPayBody,
    data: TopupIntent,
    handler: ({ member, body, now, idempotencyKey }) => createBillPayment(db, secrets, member.id, body, ctx.config.paymentSandbox, now, idempotencyKey),
  });
  openApi(app, {
    method: 'POST',
    path: '/payments/callback/stripe',
    auth: 'public',
    summary: 'Stripe’s notification for a channel (?channel=ID; Stripe-Signature checked on the raw body with the channel’s signing secret)',
    query: GatewayNotifyQuery,
    body: z.object({}).passthrough(),
    data: z.object({ intentNo: z.string(), status: z.string() }),
    withoutIdempotencyKey: 'Stripe retries the same event: the payment itself makes it apply once',
    rateExemptWhenSigned: (req) =>
      gateways.stripeNotifySigned(db, secrets, String((req.query as { channel?: unknown }).channel ?? ''), req.rawBody, stripeSignature(req)),
    handler: ({ query, req, now }) => gateways.stripeCallback(db, secrets, query.channel, req.rawBody, stripeSignature(req), now),
  });
  openApi(app, {
    method: 'POST',
    path: '/payments/callback/alipay',
    auth: 'public',
    summary:
      'Alipay’s asynchronous notification (form fields signed RSA2, checked with the Alipay public key of the channel of the top-up out_trade_no names, or of ?channel=ID); a handled one is answered with the plain text `success`',
    query: AlipayNotifyQuery,
    body: AlipayNotifyBody,
    data: z.object({ intentNo: z.string(), status: z.string() }),
    withoutIdempotencyKey: 'Alipay retries the same notification: the trade itself makes it apply once',
    rateExemptWhenSigned: (req) => gateways.alipayNotifySigned(db, secrets, (req.query as { channel?: string }).channel, req.body),
    // Alipay takes a notification as handled only when the answer is exactly `success` (anything else, our JSON
    // envelope included, is retried for a day): a handled one gets that word; a refused one keeps the error envelope.
    plainAnswer: () => 'success',
    handler: ({ query, body, now }) => gateways.alipayCallback(db, secrets, query.channel, body, now),
  });
  openApi(app, {
    method: 'POST',
    path: '/payments/callback/paypal',
    auth: 'public',
    summary:
      'PayPal’s notification for a channel (?channel=ID; confirmed by PayPal’s verify-webhook-signature with the channel’s webhook id): an approved order is captured, a completed capture credits once',
    query: GatewayNotifyQuery,
    body: z.object({}).passthrough(),
    data: z.object({ intentNo: z.string(), status: z.string() }),
    withoutIdempotencyKey: 'PayPal retries the same event: the order itself makes it apply once',
    // No rateExemptWhenSigned: only a call to PayPal can tell a genuine notification, and making that call before the
    // rate is counted would let anyone make this server call PayPal without limit. PayPal's notifications count in
    // its address's window like any call; one refused for rate (429) PayPal delivers again later.
    handler: ({ query, body, req, now }) => paypalCallback(db, secrets, query.channel, req.rawBody, body, paypalTransmission(req), now),
  });

  // ---------------------------------------------------------------- shop orders
  openApi(app, {
    method: 'POST',
    path: '/orders',
    auth: 'member',
    summary: 'A shop order from marketplace product lines (unpaid)',
    body: OrderCreateBody,
    data: MemberOrder,
    handler: ({ member, body, req, now }) => orders.createOrder(db, member, body, memberActor(member, req.ip), now),
  });
  openApi(app, {
    method: 'POST',
    path: '/orders/pay',
    auth: 'member',
    summary:
      'Pays an unpaid order from the balance: the member level’s discount, then a coupon (used once) and points come off the goods, the service fee is added; its lines go to the purchasers’ queue',
    body: OrderPayBody,
    data: MemberOrder,
    handler: ({ member, body, req, now, idempotencyKey }) =>
      orders.payOrder(db, member, body.orderNo, memberActor(member, req.ip), now, idempotencyKey, { couponGrantNo: body.couponGrantNo, points: body.points }),
  });
  openApi(app, {
    method: 'GET',
    path: '/coupons',
    auth: 'member',
    summary: 'The member’s usable coupons, soonest to expire first',
    data: MemberCouponList,
    handler: ({ member, now }) => orders.memberCoupons(db, member.id, now),
  });
  openApi(app, {
    method: 'POST',
    path: '/coupons/redeem',
    auth: 'member',
    summary: 'Redeems a code for its coupon: each code once; a used, expired or unknown code is refused',
    body: MemberRedeemBody,
    data: MemberRedeemResult,
    // Codes are guessed one try at a time: a few a minute is plenty for a person.
    ratePerMinute: 20,
    handler: ({ member, body, req, now }) => redeemCode(db, memberActor(member, req.ip), { code: body.code, userCode: member.userCode }, now),
  });
  openApi(app, {
    method: 'POST',
    path: '/orders/payPatch',
    auth: 'member',
    summary: 'Pays a line’s price top-up from the balance; the purchaser buys on',
    body: PurchaseNoBody,
    data: MemberOrder,
    handler: ({ member, body, req, now }) => orders.payLinePatch(db, member, body.purchaseNo, memberActor(member, req.ip), now, media),
  });
  openApi(app, {
    method: 'POST',
    path: '/orders/declinePatch',
    auth: 'member',
    summary: 'Declines a line’s price top-up: the line is given up and its payment goes back to the balance',
    body: PurchaseNoBody,
    data: MemberOrder,
    handler: ({ member, body, req, now }) => orders.declineLinePatch(db, member, body.purchaseNo, memberActor(member, req.ip), now, media),
  });
  openApi(app, {
    method: 'POST',
    path: '/orders/refundLine',
    auth: 'member',
    summary: 'Asks for the money of a line nobody has bought yet: canceled and refunded to the balance at once (an arrived item is returned instead)',
    body: RefundLineBody,
    data: MemberOrder,
    handler: ({ member, body, req, now }) => orders.refundLine(db, member, body.purchaseNo, body.reason, memberActor(member, req.ip), now, media),
  });
  openApi(app, {
    method: 'POST',
    path: '/orders/qcDecision',
    auth: 'member',
    summary: 'Answers a QC problem on an arrived line: accept (QC goes on), exchange or return (a return request for review), refund (to the balance)',
    body: QcDecisionBody,
    data: MemberOrder,
    handler: async ({ member, body, req, now }) => {
      await answerQcProblem(db, member.id, body, { actor: memberActor(member, req.ip), now });
      return orders.orderOfLine(db, member.id, body.purchaseNo, media);
    },
  });
  openApi(app, {
    method: 'GET',
    path: '/orders',
    auth: 'member',
    summary: 'The member’s orders, newest first, with their lines and QC photos',
    query: OrderListQuery,
    data: OrderListResult,
    handler: ({ member, query }) => orders.listOrders(db, member.id, query, media),
  });
  openApi(app, {
    method: 'GET',
    path: '/orders/detail',
    auth: 'member',
    summary: 'One of the member’s orders',
    query: OrderNoQuery,
    data: MemberOrder,
    handler: ({ member, query }) => orders.orderDetail(db, member.id, query.orderNo, media),
  });
}
