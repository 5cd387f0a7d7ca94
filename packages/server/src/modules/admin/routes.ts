import type { FastifyInstance } from 'fastify';
import {
  adminLoginCall,
  adminInfoCall,
  adminLogoutCall,
  adminFetchListCall,
  adminSaveDataCall,
  adminUnlockLoginCall,
  adminModifyStatusCall,
  adminUpdateOwnDataCall,
  adminInitAdminUsersCall,
  adminDemoSwitchCall,
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

  api(app, adminLoginCall, {
    permission: 'public',
    summary: 'Log in with username and password',
    handler: async ({ body, req, reply, now }) => {
      const { token } = await auth.login(db, body, ctxOf(req, now));
      setSessionCookies(req, reply, token);
      return { token, session: await auth.sessionStart(db, token, now, { demo: opts.demo, badges }) };
    },
  });
  api(app, adminInfoCall, {
    permission: 'authenticated',
    // The token only in the X-Token header or the HttpOnly cookie: never in a URL (logs, history, Referer).
    summary: 'The signed-in staff member',
    handler: ({ caller }) => auth.info(db, caller, opts.demo),
  });
  api(app, adminLogoutCall, {
    permission: 'authenticated',
    summary: 'End this session',
    handler: async ({ caller, req, reply, now }) => {
      await auth.logout(db, caller, req.ip, now);
      clearSessionCookies(req, reply);
      return null;
    },
  });
  api(app, adminFetchListCall, {
    permission: 'system:adminUser',
    summary: 'List staff accounts',
    handler: ({ query }) => accounts.listAdmins(db, query),
  });
  api(app, adminSaveDataCall, {
    permission: 'system:adminUser',
    summary: 'Create or edit a staff account (setting another account’s password needs reset_admin_pwd verification)',
    verify: 'reset_admin_pwd',
    verifyIf: ({ body }) => !!body.id && !!body.password,
    verifyTarget: ({ body }) => body.id,
    handler: ({ body, caller, actor, now }) => accounts.saveAdmin(db, caller, actor, body, now),
  });
  api(app, adminUnlockLoginCall, {
    permission: 'system:adminUser',
    summary: 'Clear the login waits of a username (after repeated failures)',
    handler: async ({ body, actor, now }) => {
      await auth.unlockLogin(db, body.username, { id: actor.id!, name: actor.name, ip: actor.ip }, now);
      return null;
    },
  });
  api(app, adminModifyStatusCall, {
    permission: 'system:adminUser',
    summary: 'Change a staff account status',
    handler: async ({ query, caller, actor, now }) => accounts.modifyAdminStatus(db, caller, actor, query, now).then(() => null),
  });
  api(app, adminUpdateOwnDataCall, {
    permission: 'authenticated',
    summary: 'Edit own profile or password',
    handler: async ({ body, caller, actor, now }) => accounts.updateOwnData(db, caller, actor, body, now).then(() => null),
  });
  api(app, adminInitAdminUsersCall, {
    permission: 'authenticated',
    summary: 'Active staff for selectors',
    handler: () => accounts.adminOptions(db),
  });
  api(app, adminDemoSwitchCall, {
    permission: 'authenticated',
    summary: 'Demo mode: continue as a demo account of a role',
    handler: async ({ body, req, reply, now, caller }) => {
      if (!opts.demo) throw forbidden('演示模式未开启');
      // A preview of a smaller role only, as the role's own demo account: never another person's session.
      const switched = await auth.demoSwitch(db, caller, body.role, ctxOf(req, now));
      setSessionCookies(req, reply, switched.token);
      return switched;
    },
  });
}
