import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DoVerifyBody,
  DoVerifyResult,
  OutboxList,
  OutboxQuery,
  SendVerifyCodeBody,
  SendVerifyCodeResult,
  TotpConfirmBody,
  TotpSetupResult,
  TotpStatus,
  LoginDoVerifyBody,
  LoginSendCodeBody,
  VerifyConfigList,
  VerifyConfigSaveBody,
  VerifyEnableQuery,
  VerifyEnableResult,
  VerifySubjectList,
  VerifySubjectQuery,
} from '@waystation/shared/contract/verification';
import { api } from '../../core/http';
import { loginDoVerify, pendingOperator } from './login';
import * as service from './service';

export function verificationRoutes(app: FastifyInstance): void {
  const { db, secrets } = app.services;
  api(app, {
    method: 'POST',
    url: '/api/admin/loginSendCode',
    permission: 'public',
    summary: 'admin_login: send a code to a verifier (pending token from the 42800 of login)',
    body: LoginSendCodeBody,
    data: SendVerifyCodeResult,
    handler: async ({ body, req, now }) => {
      const op = await pendingOperator(db, body.pendingToken, now);
      return service.sendCode(db, op, { id: op.id, name: op.name, ip: req.ip }, { type: 'admin_login', subjectId: body.subjectId }, now);
    },
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/loginDoVerify',
    permission: 'public',
    summary: 'admin_login: check the code; the ticket (X-Verify-Ticket) opens the repeated login',
    body: LoginDoVerifyBody,
    data: DoVerifyResult,
    handler: ({ body, req, now }) => loginDoVerify(db, secrets, body, req.ip, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/admin/verifyEnable',
    permission: 'authenticated',
    summary: 'Whether a sensitive operation type needs verification, and who may verify it',
    query: VerifyEnableQuery,
    data: VerifyEnableResult,
    handler: ({ query }) => service.enableOf(db, query.type),
  });
  api(app, {
    method: 'GET',
    url: '/api/admin/fetchVerifySubjectList',
    permission: 'authenticated',
    summary: 'Staff who may verify a sensitive operation type',
    query: VerifySubjectQuery,
    data: VerifySubjectList,
    handler: ({ query }) => service.subjectsOf(db, query.type),
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/sendVerifyCode',
    permission: 'authenticated',
    summary: 'Send a one-time code to a verifier',
    body: SendVerifyCodeBody,
    data: SendVerifyCodeResult,
    handler: ({ body, caller, actor, now }) => service.sendCode(db, caller, actor, body, now, secrets),
  });
  api(app, {
    method: 'POST',
    url: '/api/admin/doLoginVerify',
    permission: 'authenticated',
    summary: 'Check a verification code; returns a single-use ticket (send it as X-Verify-Ticket)',
    body: DoVerifyBody,
    data: DoVerifyResult,
    handler: ({ body, caller, actor, now }) => service.doVerify(db, secrets, caller, actor, body, now),
  });
  api(app, {
    method: 'GET',
    url: '/api/verify/configList',
    permission: 'system:verifyConfig',
    summary: 'Verification switch and verifiers of every sensitive operation type',
    data: VerifyConfigList,
    handler: () => service.configList(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/verify/saveConfig',
    permission: 'system:verifyConfig',
    summary: 'Switch verification of a type and set its verifiers',
    body: VerifyConfigSaveBody,
    data: z.null(),
    handler: ({ body, caller, actor, now }) => service.saveConfig(db, caller, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/verify/totp/status',
    permission: 'authenticated',
    summary: 'Whether the caller has an authenticator app',
    data: TotpStatus,
    handler: ({ caller }) => service.totpStatus(db, caller),
  });
  api(app, {
    method: 'POST',
    url: '/api/verify/totp/setup',
    permission: 'authenticated',
    summary: 'Start authenticator enrolment (secret and QR code)',
    data: TotpSetupResult,
    handler: ({ caller, now }) => service.totpSetup(db, secrets, caller, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/verify/totp/confirm',
    permission: 'authenticated',
    summary: 'Confirm authenticator enrolment with a first code',
    body: TotpConfirmBody,
    data: z.null(),
    handler: ({ body, caller, actor, now }) => service.totpConfirm(db, secrets, caller, actor, body.code, now).then(() => null),
  });
  api(app, {
    method: 'POST',
    url: '/api/verify/totp/remove',
    permission: 'authenticated',
    summary: 'Remove the caller’s authenticator (needs a current code)',
    body: TotpConfirmBody,
    data: z.null(),
    handler: ({ body, caller, actor, now }) => service.totpRemove(db, secrets, caller, actor, body.code, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/verify/outbox',
    permission: 'system:verifyConfig',
    summary: 'Messages of the code sender (super admins)',
    query: OutboxQuery,
    data: OutboxList,
    handler: ({ query, caller }) => service.outboxList(db, caller, query),
  });
}
