import type { FastifyInstance } from 'fastify';
import {
  adminLoginSendCodeCall,
  adminLoginDoVerifyCall,
  adminVerifyEnableCall,
  adminFetchVerifySubjectListCall,
  adminSendVerifyCodeCall,
  adminDoLoginVerifyCall,
  verifyConfigListCall,
  verifySaveConfigCall,
  verifyTotpStatusCall,
  verifyTotpSetupCall,
  verifyTotpConfirmCall,
  verifyTotpRemoveCall,
  verifyOutboxCall,
} from '@waystation/shared/contract/verification';
import { api } from '../../core/http';
import { loginDoVerify, pendingOperator } from './login';
import * as service from './service';
import * as totp from './totp';

export function verificationRoutes(app: FastifyInstance): void {
  const { db, secrets } = app.services;
  api(app, adminLoginSendCodeCall, {
    permission: 'public',
    summary: 'admin_login: send a code to a verifier (pending token from the 42800 of login)',
    handler: async ({ body, req, now }) => {
      const op = await pendingOperator(db, body.pendingToken, now);
      return service.sendCode(db, op, { id: op.id, name: op.name, ip: req.ip }, { type: 'admin_login', subjectId: body.subjectId }, now);
    },
  });
  api(app, adminLoginDoVerifyCall, {
    permission: 'public',
    summary: 'admin_login: check the code; the ticket (X-Verify-Ticket) opens the repeated login',
    handler: ({ body, req, now }) => loginDoVerify(db, secrets, body, req.ip, now),
  });
  api(app, adminVerifyEnableCall, {
    permission: 'authenticated',
    summary: 'Whether a sensitive operation type needs verification, and who may verify it',
    handler: ({ query }) => service.enableOf(db, query.type),
  });
  api(app, adminFetchVerifySubjectListCall, {
    permission: 'authenticated',
    summary: 'Staff who may verify a sensitive operation type',
    handler: ({ query }) => service.subjectsOf(db, query.type),
  });
  api(app, adminSendVerifyCodeCall, {
    permission: 'authenticated',
    summary: 'Send a one-time code to a verifier',
    handler: ({ body, caller, actor, now }) => service.sendCode(db, caller, actor, body, now, secrets),
  });
  api(app, adminDoLoginVerifyCall, {
    permission: 'authenticated',
    summary: 'Check a verification code; returns a single-use ticket (send it as X-Verify-Ticket)',
    handler: ({ body, caller, actor, now }) => service.doVerify(db, secrets, caller, actor, body, now),
  });
  api(app, verifyConfigListCall, {
    permission: 'system:verifyConfig',
    summary: 'Verification switch and verifiers of every sensitive operation type',
    handler: () => service.configList(db),
  });
  api(app, verifySaveConfigCall, {
    permission: 'system:verifyConfig',
    summary: 'Switch verification of a type and set its verifiers',
    handler: ({ body, caller, actor, now }) => service.saveConfig(db, caller, actor, body, now).then(() => null),
  });
  api(app, verifyTotpStatusCall, {
    permission: 'authenticated',
    summary: 'Whether the caller has an authenticator app',
    handler: ({ caller }) => totp.totpStatus(db, caller),
  });
  api(app, verifyTotpSetupCall, {
    permission: 'authenticated',
    summary: 'Start authenticator enrolment (secret and QR code)',
    handler: ({ caller, now }) => totp.totpSetup(db, secrets, caller, now),
  });
  api(app, verifyTotpConfirmCall, {
    permission: 'authenticated',
    summary: 'Confirm authenticator enrolment with a first code',
    handler: ({ body, caller, actor, now }) => totp.totpConfirm(db, secrets, caller, actor, body.code, now).then(() => null),
  });
  api(app, verifyTotpRemoveCall, {
    permission: 'authenticated',
    summary: 'Remove the caller’s authenticator (needs a current code)',
    handler: ({ body, caller, actor, now }) => totp.totpRemove(db, secrets, caller, actor, body.code, now).then(() => null),
  });
  api(app, verifyOutboxCall, {
    permission: 'system:verifyConfig',
    summary: 'Messages of the code sender (super admins)',
    handler: ({ query, caller }) => service.outboxList(db, caller, query),
  });
}
