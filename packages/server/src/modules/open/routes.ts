import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OPEN_PREFIX } from '@waystation/shared/contract/open';
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
import type { ModuleContext } from '../context';
import { OPEN_SECURITY_SCHEMES, openApi } from './http';
import * as accounts from '../vip/memberAccounts';
import { originHost } from '../vip/inviter';
import * as addresses from '../vip/memberAddresses';
import * as kyc from '../vip/kyc';
import { agentTerminalRoutes } from './agentRoutes';
import { memberShopRoutes } from './shopRoutes';
import { memberPackRoutes } from './packRoutes';
import { terminalContentRoutes } from './contentRoutes';

/** The member API (terminal appId 1): the member site's and app's calls, under /api/open/v1. */
export function openRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, secrets } = app.services;
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

  // ---------------------------------------------------------------- sign-in
  openApi(app, {
    method: 'POST',
    path: '/auth/register',
    auth: 'public',
    summary: 'A password sign-up (email, password, name): mails a 6-digit code to the email; the same answer for a taken email',
    body: RegisterBody,
    data: RegisterStarted,
    ratePerMinute: 20,
    // Signing up on an agent's domain (the browser's Origin) makes the member that agent's.
    handler: ({ body, req, now }) => accounts.register(db, body, now, originHost(req.headers)),
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

  memberShopRoutes(app, ctx);
  memberPackRoutes(app, ctx);
  terminalContentRoutes(app);

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
