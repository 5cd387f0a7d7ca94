import type { FastifyInstance } from 'fastify';
import { DrawBody, MemberDrawResult, ReturnApplyBody, ReturnApplyResult } from '@waystation/shared/contract/open';
import {
  MemberChannelList,
  MemberItemList,
  MemberPackage,
  MemberTracking,
  PackageListQuery,
  PackageListResult,
  PackageNoBody,
  PackageNoQuery,
  PackCreateBody,
  PackPayBody,
  PackResubmitBody,
} from '@waystation/shared/contract/openPacks';
import type { ModuleContext } from '../context';
import { openApi } from './http';
import { memberActor } from '../vip/memberAccounts';
import * as packs from '../goodsOut/memberPacks';
import { memberTracking } from '../goodsOut/trackingView';
import { applyReturn } from '../afterSales/returns';
import { memberDraw } from '../marketing/draws';

/** The member API's pack orders, returns and lucky draws (goodsOut/memberPacks.ts, afterSales, marketing). */
export function memberPackRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  const media = (uri: string) => ctx.storage.urlOf(uri);
  const opOf = (member: { id: number; userCode: string; name: string; sessionId: number }, ip: string, now: Date) => ({ actor: memberActor(member, ip), now });

  // ---------------------------------------------------------------- packages
  openApi(app, {
    method: 'GET',
    path: '/items',
    auth: 'member',
    summary: 'The member’s shelved items in no package yet (what a pack order can take)',
    data: MemberItemList,
    handler: ({ member }) => packs.packableItems(db, member.id, media),
  });

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
    path: '/packs/resubmit',
    auth: 'member',
    summary: 'Asks again after a failed pre-review, with another channel, address or remark if given → pre-review',
    body: PackResubmitBody,
    data: MemberPackage,
    handler: ({ member, body, req, now }) => packs.resubmitPack(db, member.id, body, opOf(member, req.ip, now)),
  });
  openApi(app, {
    method: 'POST',
    path: '/packs/cancel',
    auth: 'member',
    summary: 'Cancels a pack order not yet paid: its items can be packed again',
    body: PackageNoBody,
    data: MemberPackage,
    handler: ({ member, body, req, now }) => packs.cancelPack(db, member.id, body.packageNo, opOf(member, req.ip, now)),
  });
  openApi(app, {
    method: 'POST',
    path: '/packs/pay',
    auth: 'member',
    summary: 'Pays the quoted freight of a pre-reviewed package from the balance, optionally with a shipping coupon',
    body: PackPayBody,
    data: MemberPackage,
    handler: ({ member, body, req, now }) => packs.payPack(db, member.id, body.packageNo, opOf(member, req.ip, now), body.couponGrantNo),
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
    path: '/packs/tracking',
    auth: 'member',
    summary: 'Where one of the member’s parcels is: its tracking number, the carrier’s last status and the events, newest first',
    query: PackageNoQuery,
    data: MemberTracking,
    handler: ({ member, query }) => memberTracking(db, member.id, query.packageNo),
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
    handler: ({ member, body, req, now, idempotencyKey }) => memberDraw(db, memberActor(member, req.ip), member, body.activityId, idempotencyKey, now),
  });
}
