import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  UnlockLoginBody,
  AdminInfo,
  AdminListQuery,
  AdminListResult,
  AdminOptionList,
  AdminSaveBody,
  AdminSaveResult,
  DemoSwitchBody,
  InfoQuery,
  LoginBody,
  LoginResult,
  ModifyStatusQuery,
  UpdateOwnDataBody,
} from '@waystation/shared/contract/admin';
import { api } from '../../core/http';
import { forbidden } from '../../core/errors';
import { clearSessionCookies, setSessionCookies } from '../../core/sessionCookie';
import * as auth from './auth.service';
import * as accounts from './service';
import type { ModuleContext } from '../context';

export function adminRoutes(app: FastifyInstance, { config: opts, badges }: ModuleContext): void {
  const { db } = app.services;
  const ctxOf = (req: { ip: string; headers: Record<string, unknown> }, now: Date) => ({
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    now,
    ipLimit: opts.loginIpLimit,
    verifyTicket: typeof req.headers['x-verify-ticket'] === 'string' ? req.headers['x-verify-ticket'] : undefined,
  });

  api(app, {
    method: 'POST',
    url: '/api/admin/login',
    permission: 'public',
    summary: 'Log in with username and password',
    body: LoginBody,
    data: LoginResult,
    handler: async ({ body, req, reply, now }) => {
      const { token } = await auth.login(db, body, ctxOf(req, now));
      setSessionCookies(req, reply, token);
      return { token, session: await auth.sessionStart(db, token, now, { demo: opts.demo, badges }) };
    },
  });
  api(app, {
    method: 'GET',
    url: '/api/admin/info',
    permission: 'authenticated',
    // The token only in the X-Token header or the HttpOnly cookie: never in a URL (logs, history, Referer).
    summary: 'The signed-in staff member',
    query: InfoQuery,
    data: AdminInfo,
    handler: ({ caller }) => auth.info(db, caller, opts.demo),
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/logout',
    permission: 'authenticated',
    summary: 'End this session',
    data: z.null(),
    handler: async ({ caller, req, reply, now }) => {
      await auth.logout(db, caller, req.ip, now);
      clearSessionCookies(req, reply);
      return null;
    },
  });
  api(app, {
    method: 'GET',
    url: '/api/admin/fetchList',
    permission: 'system:adminUser',
    summary: 'List staff accounts',
    query: AdminListQuery,
    data: AdminListResult,
    handler: ({ query }) => accounts.listAdmins(db, query),
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/saveData',
    permission: 'system:adminUser',
    summary: 'Create or edit a staff account (setting another account’s password needs reset_admin_pwd verification)',
    body: AdminSaveBody,
    data: AdminSaveResult,
    verify: 'reset_admin_pwd',
    verifyIf: ({ body }) => !!body.id && !!body.password,
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, caller, actor, now }) => accounts.saveAdmin(db, caller, actor, body, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/unlockLogin',
    permission: 'system:adminUser',
    summary: 'Clear the login waits of a username (after repeated failures)',
    body: UnlockLoginBody,
    data: z.null(),
    handler: async ({ body, actor, now }) => {
      await auth.unlockLogin(db, body.username, { id: actor.id!, name: actor.name, ip: actor.ip }, now);
      return null;
    },
  });
  api(app, {
    method: 'GET',
    url: '/api/admin/modifyStatus',
    permission: 'system:adminUser',
    summary: 'Change a staff account status',
    query: ModifyStatusQuery,
    data: z.null(),
    handler: async ({ query, caller, actor, now }) => accounts.modifyAdminStatus(db, caller, actor, query, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/updateOwnData',
    permission: 'authenticated',
    summary: 'Edit own profile or password',
    body: UpdateOwnDataBody,
    data: z.null(),
    handler: async ({ body, caller, actor, now }) => accounts.updateOwnData(db, caller, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/admin/initAdminUsers',
    permission: 'authenticated',
    summary: 'Active staff for selectors',
    data: AdminOptionList,
    handler: () => accounts.adminOptions(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/demoSwitch',
    permission: 'authenticated',
    summary: 'Demo mode: continue as a demo account of a role',
    body: DemoSwitchBody,
    data: LoginResult,
    handler: async ({ body, req, reply, now, caller }) => {
      if (!opts.demo) throw forbidden('演示模式未开启');
      // A preview of a smaller role only, as the role's own demo account: never another person's session.
      const switched = await auth.demoSwitch(db, caller, body.role, ctxOf(req, now));
      setSessionCookies(req, reply, switched.token);
      return switched;
    },
  });
}
