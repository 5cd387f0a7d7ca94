import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DrawBody, MemberDrawResult, ReturnApplyBody, ReturnApplyResult, OPEN_PREFIX } from '@waystation/shared/contract/open';
import {
  KycState,
  KycSubmitBody,
  AddressList,
  AddressSaveBody,
  LoginBody,
  MemberAddressOut,
  MemberProfile,
  RegisterBody,
  RegisterConfirmBody,
  RegisterStarted,
  ResetBody,
  ResetRequestBody,
  SessionResult,
  SiteLoginBody,
} from '@waystation/shared/contract/openAccounts';
import {
  AgreementAcceptBody,
  AgreementsQuery,
  AppVersionCheck,
  AppVersionQuery,
  CurrentAgreements,
  HelpArticleOut,
  HelpTree,
  OpenIdQuery,
  PendingAgreements,
  TerminalTips,
  TipsQuery,
} from '@waystation/shared/contract/openContent';
import {
  MemberOrder,
  OrderCreateBody,
  OrderListQuery,
  OrderListResult,
  OrderPayBody,
  MemberCouponList,
  OrderNoQuery,
  PurchaseNoBody,
  RefundLineBody,
} from '@waystation/shared/contract/openOrders';
import {
  MemberChannelList,
  MemberItemList,
  MemberPackage,
  PackageListQuery,
  PackageListResult,
  PackageNoBody,
  PackageNoQuery,
  PackCreateBody,
} from '@waystation/shared/contract/openPacks';
import { ProviderCallbackBody, SandboxPayBody, TopupBody, TopupIntent, TopupQuery } from '@waystation/shared/contract/openTopups';
import { forbidden } from '../../core/errors';
import type { ModuleContext } from '../context';
import { OPEN_SECURITY_SCHEMES, openApi } from './http';
import * as accounts from '../vip/memberAccounts';
import { memberActor } from '../vip/memberAccounts';
import * as addresses from '../vip/memberAddresses';
import * as content from '../config/terminalContent';
import * as kyc from '../vip/kyc';
import * as orders from '../purchase/shopOrders';
import * as packs from '../goodsOut/memberPacks';
import * as topups from '../payment/topups';
import { agentTerminalRoutes } from './agentRoutes';
import { applyReturn } from '../afterSales/service';
import { draw } from '../marketing/draws';
import { previewFor } from '../marketing/resources';
import { PreviewResult } from '@waystation/shared/contract/marketing/resources';

/** The member API (terminal appId 1): the member site's and app's calls, under /api/open/v1. */
export function openRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, secrets } = app.services;
  const media = (uri: string) => ctx.storage.urlOf(uri);
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
  const opOf = (member: { id: number; userCode: string; name: string; sessionId: number }, ip: string, now: Date) => ({ actor: memberActor(member, ip), now });

  // ---------------------------------------------------------------- sign-in
  openApi(app, {
    method: 'POST',
    path: '/auth/register',
    auth: 'public',
    summary: 'A password sign-up (email, password, name): mails a 6-digit code to the email; the same answer for a taken email',
    body: RegisterBody,
    data: RegisterStarted,
    ratePerMinute: 20,
    handler: ({ body, now }) => accounts.register(db, body, now),
  });
  openApi(app, {
    method: 'POST',
    path: '/auth/registerConfirm',
    auth: 'public',
    summary: 'The emailed sign-up code → the new member account and a member token',
    body: RegisterConfirmBody,
    data: SessionResult,
    ratePerMinute: 20,
    handler: ({ body, req, now }) => accounts.confirmRegister(db, body, meta(req), now),
  });
  openApi(app, {
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    summary: 'Email + password → a member token (Authorization: Bearer …)',
    body: LoginBody,
    data: SessionResult,
    withoutIdempotencyKey: 'signing in creates no business record; a retry simply signs in again',
    ratePerMinute: 20,
    handler: ({ body, req, now }) => accounts.login(db, body, meta(req), now),
  });
  openApi(app, {
    method: 'POST',
    path: '/auth/siteLogin',
    auth: 'site',
    summary: 'A member site’s server (X-Api-Key) signs in the member it authenticated with Discord or Google; creates the member on first sign-in',
    body: SiteLoginBody,
    data: SessionResult,
    withoutIdempotencyKey: 'signing in twice is the same member and a new token; the first sign-in creates the member once',
    handler: ({ body, req, now }) => accounts.siteLogin(db, body, meta(req), now),
  });
  openApi(app, {
    method: 'POST',
    path: '/auth/logout',
    auth: 'member',
    summary: 'Ends this token',
    data: z.null(),
    withoutIdempotencyKey: 'ending a session twice is the same as once',
    handler: ({ member, now }) => accounts.logout(db, member, now),
  });
  openApi(app, {
    method: 'POST',
    path: '/auth/resetRequest',
    auth: 'public',
    summary: 'Sends a 6-digit reset code to the email (the answer is the same for unknown emails)',
    body: ResetRequestBody,
    data: z.null(),
    ratePerMinute: 5,
    handler: ({ body, now }) => accounts.requestReset(db, body.email, now),
  });
  openApi(app, {
    method: 'POST',
    path: '/auth/reset',
    auth: 'public',
    summary: 'A reset code sets a new password and ends every session',
    body: ResetBody,
    data: z.null(),
    ratePerMinute: 10,
    handler: ({ body, now }) => accounts.resetPassword(db, body, now),
  });
  openApi(app, {
    method: 'GET',
    path: '/me',
    auth: 'member',
    summary: 'The signed-in member: identity, KYC state, balances',
    data: MemberProfile,
    handler: ({ member }) => accounts.profileOf(db, member.id),
  });
  openApi(app, {
    method: 'GET',
    path: '/addresses',
    auth: 'member',
    summary: 'The member’s addresses, the default first',
    data: AddressList,
    handler: ({ member }) => addresses.listAddresses(db, member.id),
  });
  openApi(app, {
    method: 'POST',
    path: '/addresses/save',
    auth: 'member',
    summary: 'Adds (no id) or edits one of the member’s addresses',
    body: AddressSaveBody,
    data: MemberAddressOut,
    handler: ({ member, body, now }) => addresses.saveAddress(db, member.id, body, now),
  });

  // ---------------------------------------------------------------- balance top-up
  openApi(app, {
    method: 'POST',
    path: '/topups',
    auth: 'member',
    summary: 'A balance top-up through a payment provider; credited when the provider’s signed callback says paid',
    body: TopupBody,
    data: TopupIntent,
    handler: async ({ member, body, now, idempotencyKey }) => {
      if (body.provider === 'sandbox' && !ctx.config.paymentSandbox) throw forbidden('沙箱支付未开启');
      return topups.createTopup(db, member.id, body, now, idempotencyKey);
    },
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
    handler: async ({ member, body, now }) => {
      if (!ctx.config.paymentSandbox) throw forbidden('沙箱支付未开启');
      const address = app.server.address();
      const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
      return topups.sandboxPay(db, secrets, member.id, body.intentNo, body.outcome, origin, now);
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
    handler: ({ body, req, now }) => {
      if (!ctx.config.paymentSandbox) throw forbidden('沙箱支付未开启');
      return topups.providerCallback(db, secrets, body, req.headers['x-sandbox-signature'] as string | undefined, now);
    },
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
    summary: 'Pays an unpaid order from the balance (optionally with a coupon, used once); its lines go to the purchasers’ queue',
    body: OrderPayBody,
    data: MemberOrder,
    handler: ({ member, body, req, now, idempotencyKey }) =>
      orders.payOrder(db, member, body.orderNo, memberActor(member, req.ip), now, idempotencyKey, body.couponGrantNo),
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
  openApi(app, {
    method: 'GET',
    path: '/items',
    auth: 'member',
    summary: 'The member’s shelved items in no package yet (what a pack order can take)',
    data: MemberItemList,
    handler: ({ member }) => packs.packableItems(db, member.id, media),
  });

  // ---------------------------------------------------------------- packages
  openApi(app, {
    method: 'GET',
    path: '/channels',
    auth: 'member',
    summary: 'The logistics channels a pack order may choose (enabled ones)',
    data: MemberChannelList,
    handler: () => packs.enabledChannels(db),
  });
  openApi(app, {
    method: 'POST',
    path: '/packs',
    auth: 'member',
    summary: 'A pack order: shelved items, a channel and an address → pre-review',
    body: PackCreateBody,
    data: MemberPackage,
    handler: ({ member, body, req, now }) => packs.createPack(db, member.id, body, opOf(member, req.ip, now)),
  });
  openApi(app, {
    method: 'POST',
    path: '/packs/pay',
    auth: 'member',
    summary: 'Pays the quoted freight of a pre-reviewed package from the balance',
    body: PackageNoBody,
    data: MemberPackage,
    handler: ({ member, body, req, now }) => packs.payPack(db, member.id, body.packageNo, opOf(member, req.ip, now)),
  });
  openApi(app, {
    method: 'POST',
    path: '/packs/payPatch',
    auth: 'member',
    summary: 'Pays a package’s freight top-up from the balance',
    body: PackageNoBody,
    data: MemberPackage,
    handler: ({ member, body, req, now }) => packs.payPackPatch(db, member.id, body.packageNo, opOf(member, req.ip, now)),
  });
  openApi(app, {
    method: 'POST',
    path: '/packs/confirmReceipt',
    auth: 'member',
    summary: 'The member confirms a shipped package arrived',
    body: PackageNoBody,
    data: MemberPackage,
    handler: ({ member, body, req, now }) => packs.confirmReceipt(db, member.id, body.packageNo, opOf(member, req.ip, now)),
  });
  openApi(app, {
    method: 'GET',
    path: '/packs',
    auth: 'member',
    summary: 'The member’s packages with their tracking timeline',
    query: PackageListQuery,
    data: PackageListResult,
    handler: ({ member, query }) => packs.listPackages(db, member.id, query),
  });
  openApi(app, {
    method: 'GET',
    path: '/packs/detail',
    auth: 'member',
    summary: 'One of the member’s packages',
    query: PackageNoQuery,
    data: MemberPackage,
    handler: ({ member, query }) => packs.packageDetail(db, member.id, query.packageNo),
  });

  // ---------------------------------------------------------------- after-sales, lucky draws
  openApi(app, {
    method: 'POST',
    path: '/returns',
    auth: 'member',
    summary: 'Asks to return a shelved item to the seller (→ return review)',
    body: ReturnApplyBody,
    data: ReturnApplyResult,
    handler: ({ member, body, req, now }) => applyReturn(db, member.id, body, memberActor(member, req.ip), now),
  });
  openApi(app, {
    method: 'POST',
    path: '/draws',
    auth: 'member',
    summary: 'One lucky draw in an activity: the day’s free draws first, then paid ones from the balance',
    body: DrawBody,
    data: MemberDrawResult,
    handler: async ({ member, body, req, now, idempotencyKey }) => {
      const requestId = `m${member.id}-${crypto.createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}`;
      const r = await draw(db, memberActor(member, req.ip), { activityId: body.activityId, userCode: member.userCode, requestId }, now, { allowPaid: true });
      return {
        prizeName: r.prizeName,
        prizeType: r.prizeType,
        amount: r.amount,
        couponGrantNo: r.couponGrantNo ?? null,
        free: r.free,
        costAmount: r.costAmount,
      };
    },
  });

  // ---------------------------------------------------------------- content for the terminals
  openApi(app, {
    method: 'GET',
    path: '/content/tips',
    auth: 'public',
    summary: 'The terminal’s enabled tips texts (appId 1 member, 2 agent), in the given language when translated',
    query: TipsQuery,
    data: TerminalTips,
    cacheSeconds: 60,
    handler: ({ query }) => content.terminalTips(db, Number(query.appId), query.lang),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/help',
    auth: 'public',
    summary: 'Help centre: enabled categories with their published articles',
    data: HelpTree,
    cacheSeconds: 60,
    handler: () => content.helpTree(db),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/help/article',
    auth: 'public',
    summary: 'One published help article (sanitized HTML)',
    query: OpenIdQuery,
    data: HelpArticleOut,
    cacheSeconds: 60,
    handler: ({ query }) => content.helpArticle(db, query.id),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/agreements',
    auth: 'public',
    summary: 'The terminal’s agreements at their current version',
    query: AgreementsQuery,
    data: CurrentAgreements,
    cacheSeconds: 60,
    handler: ({ query }) => content.currentAgreements(db, Number(query.appId)),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/appVersion',
    auth: 'public',
    summary: 'The newest release of a platform; whether the caller’s version may or must update',
    query: AppVersionQuery,
    data: AppVersionCheck,
    cacheSeconds: 60,
    handler: ({ query }) => content.appVersionCheck(db, query.platform, query.current),
  });
  openApi(app, {
    method: 'GET',
    path: '/content/resources',
    auth: 'member',
    summary: 'The resource slots (banners, pop-ups …) as this member sees them now: each slot’s live tasks for their audience',
    data: PreviewResult,
    handler: ({ member, now }) => previewFor(db, member.userCode, now),
  });
  openApi(app, {
    method: 'GET',
    path: '/agreements/pending',
    auth: 'member',
    summary: 'Current agreement versions the member has not accepted yet',
    data: PendingAgreements,
    handler: ({ member }) => content.pendingAgreements(db, member.id),
  });
  openApi(app, {
    method: 'POST',
    path: '/agreements/accept',
    auth: 'member',
    summary: 'The member accepts the current version of an agreement',
    body: AgreementAcceptBody,
    data: PendingAgreements,
    handler: ({ member, body, now }) => content.acceptAgreement(db, member.id, body.code, body.version, now),
  });

  // ---------------------------------------------------------------- KYC
  openApi(app, {
    method: 'GET',
    path: '/kyc',
    auth: 'member',
    summary: 'The member’s identity check and its review',
    data: KycState,
    handler: ({ member }) => kyc.kycState(db, member.id),
  });
  openApi(app, {
    method: 'POST',
    path: '/kyc',
    auth: 'member',
    summary: 'Submits the identity check for staff review (the document number is sealed at rest)',
    body: KycSubmitBody,
    data: KycState,
    handler: ({ member, body, now }) => kyc.submitKyc(db, secrets, member.id, body, now),
  });

  agentTerminalRoutes(app);

  // The member API's own OpenAPI document: the server's, cut down to these routes.
  app.get('/api/open/docs/json', { schema: { hide: true } }, async () => {
    const doc = app.swagger() as { paths?: Record<string, unknown>; components?: Record<string, unknown> };
    const paths = Object.fromEntries(Object.entries(doc.paths ?? {}).filter(([p]) => p.startsWith(OPEN_PREFIX)));
    return {
      ...doc,
      info: {
        title: 'Waystation member and agent API',
        version: '1',
        description: 'Every response is { code, message, data }; code 20000 is success. Writes take an Idempotency-Key header.',
      },
      paths,
      components: { securitySchemes: OPEN_SECURITY_SCHEMES },
    };
  });
}
