import { z } from 'zod';
import { SensitiveOperation } from '../vocab/account';
import { PageQuery, pageOf } from './common';
import { defineCall } from './call';

/**
 * Sensitive-operation verification (SPEC §6, DESIGN §6).
 *
 * Flow: GET verifyEnable?type → { enable, subjectList }. When enabled, the operator picks a subject (a staff member
 * allowed to verify this type), either reads the subject's authenticator code (TOTP) or has a 6-digit code sent to
 * the subject (sendVerifyCode), then POST doLoginVerify → { ticket }. The sensitive call carries the ticket in the
 * `X-Verify-Ticket` header; it is bound to the type, the operator and the target and is consumed by that call.
 */
export const VERIFY_TICKET_HEADER = 'X-Verify-Ticket';
/** A sensitive operation whose verification is switched off is rejected (SPEC §6), by the browser and the server. */
export const VERIFICATION_DISABLED_MESSAGE = '该敏感操作未开启安全验证，暂不能执行：请超级管理员在“敏感操作验证”中开启并指定验证人';
export const VERIFY_TICKET_TTL_MS = 5 * 60 * 1000;
export const VERIFY_CODE_TTL_MS = 5 * 60 * 1000;
export const VERIFY_CODE_RESEND_MS = 60 * 1000;
/** Failed code checks per operator in VERIFY_WINDOW_MS before further checks are refused (42900). */
export const VERIFY_MAX_FAILURES = 5;
export const VERIFY_WINDOW_MS = 15 * 60 * 1000;

export const VerifyType = z.enum(SensitiveOperation.values, { error: '未知的操作类型' });
export type VerifyType = z.infer<typeof VerifyType>;

/** Target of a sensitive operation: the id of what it changes, as text ('' when the type has no target). */
export const VerifyTarget = z.string().max(100);

export const VerifySubject = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  /** The subject has a confirmed authenticator app: its TOTP code is accepted. */
  totp: z.boolean(),
});
export type VerifySubject = z.infer<typeof VerifySubject>;

/** GET /api/admin/verifyEnable (the SPEC's "verification-enabled check", payload type) */
export const VerifyEnableQuery = z.strictObject({ type: VerifyType });
export const VerifyEnableResult = z.object({ enable: z.boolean(), subjectList: z.array(VerifySubject) });
export type VerifyEnableResult = z.infer<typeof VerifyEnableResult>;

/** GET /api/admin/fetchVerifySubjectList (params: type) */
export const VerifySubjectQuery = z.strictObject({ type: VerifyType });
export const VerifySubjectList = z.array(VerifySubject);

const subjectId = z.number({ error: '请选择验证人' }).int().positive('请选择验证人');

/** POST /api/admin/sendVerifyCode: a one-time code to the subject, through the configured sender. */
/** The sealed pending operation from a 42800 refusal: the code and the ticket are bound to its values. */
const PendingRequest = z.string().min(1).max(8000);
export const SendVerifyCodeBody = z.strictObject({ type: VerifyType, subjectId, request: PendingRequest.optional() });
export const SendVerifyCodeResult = z.object({
  /** Where the code went: 'outbox' when no mail server is configured (super admins read it there). */
  channel: z.string(),
  expiresAt: z.string(),
  resendAfter: z.string(),
});
export type SendVerifyCodeResult = z.infer<typeof SendVerifyCodeResult>;

/** POST /api/admin/doLoginVerify: checks the code and returns a ticket for one sensitive call. */
export const DoVerifyBody = z.strictObject({
  type: VerifyType,
  subjectId,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请输入6位数字验证码'),
  /** 'code' = the code sent by sendVerifyCode; 'totp' = the subject's authenticator app. */
  method: z.enum(['code', 'totp']).default('code'),
  target: VerifyTarget.default(''),
  request: PendingRequest.optional(),
});
export type DoVerifyBody = z.input<typeof DoVerifyBody>;
export const DoVerifyResult = z.object({ ticket: z.string(), expiresAt: z.string() });
export type DoVerifyResult = z.infer<typeof DoVerifyResult>;

/** The data of a 42800 refusal. */
export const VerifySummaryLine = z.object({ label: z.string(), value: z.string() });
export type VerifySummaryLine = z.infer<typeof VerifySummaryLine>;
export const VerifyRequired = z.object({
  type: VerifyType,
  target: z.string(),
  /** Sealed by the server: send it with sendVerifyCode and doLoginVerify. */
  request: z.string().optional(),
  /** The values the verifier approves, as the server read them. */
  summary: z.array(VerifySummaryLine).optional(),
});

// ---------------------------------------------------------------- configuration (system/VerifyConfig)

export const VerifyConfigItem = z.object({
  type: VerifyType,
  enabled: z.boolean(),
  subjects: z.array(VerifySubject),
  updatedAt: z.string().nullable(),
});
export type VerifyConfigItem = z.infer<typeof VerifyConfigItem>;

/** GET /api/verify/configList: all 21 types */
export const VerifyConfigList = z.array(VerifyConfigItem);

/** POST /api/verify/saveConfig */
export const VerifyConfigSaveBody = z
  .strictObject({
    type: VerifyType,
    enabled: z.boolean(),
    subjectIds: z.array(z.number().int().positive()).max(200),
  })
  .refine((b) => !b.enabled || b.subjectIds.length > 0, { message: '开启验证时至少选择一名验证人', path: ['subjectIds'] });
export type VerifyConfigSaveBody = z.infer<typeof VerifyConfigSaveBody>;

// ---------------------------------------------------------------- authenticator enrolment (profile page)

export const TotpStatus = z.object({ enrolled: z.boolean() });
export const TotpSetupResult = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TotpSetupResult = z.infer<typeof TotpSetupResult>;
export const TotpConfirmBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请输入6位数字验证码'),
});

// ---------------------------------------------------------------- outbox (super admins)

export const OutboxQuery = PageQuery.extend({});
export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createTime: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxList = pageOf(OutboxMessage);

// ---------------------------------------------------------------- admin_login: the second factor at login

/**
 * With admin_login enabled, a correct password alone answers 42800 with this data. The browser then verifies
 * with the pending token (loginSendCode / loginDoVerify, no session yet) and repeats the login with the ticket
 * in X-Verify-Ticket. The subject list includes the admin's own authenticator app when enrolled.
 */
export const LoginVerifyRequired = z.object({
  type: z.literal('admin_login'),
  target: z.string(),
  pendingToken: z.string(),
  subjectList: z.array(VerifySubject),
});
export type LoginVerifyRequired = z.infer<typeof LoginVerifyRequired>;
export const LOGIN_PENDING_TTL_MS = 5 * 60 * 1000;

/** POST /api/admin/loginSendCode */
export const LoginSendCodeBody = z.strictObject({ pendingToken: z.string().min(10).max(100), subjectId });
/** POST /api/admin/loginDoVerify → { ticket } for the repeated login */
export const LoginDoVerifyBody = z.strictObject({
  pendingToken: z.string().min(10).max(100),
  subjectId,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请输入6位数字验证码'),
  method: z.enum(['code', 'totp']).default('code'),
});

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const adminLoginSendCodeCall = defineCall({ method: 'POST', url: '/api/admin/loginSendCode', body: LoginSendCodeBody, data: SendVerifyCodeResult });
export const adminLoginDoVerifyCall = defineCall({ method: 'POST', url: '/api/admin/loginDoVerify', body: LoginDoVerifyBody, data: DoVerifyResult });
export const adminVerifyEnableCall = defineCall({ method: 'GET', url: '/api/admin/verifyEnable', query: VerifyEnableQuery, data: VerifyEnableResult });
export const adminFetchVerifySubjectListCall = defineCall({
  method: 'GET',
  url: '/api/admin/fetchVerifySubjectList',
  query: VerifySubjectQuery,
  data: VerifySubjectList,
});
export const adminSendVerifyCodeCall = defineCall({ method: 'POST', url: '/api/admin/sendVerifyCode', body: SendVerifyCodeBody, data: SendVerifyCodeResult });
export const adminDoLoginVerifyCall = defineCall({ method: 'POST', url: '/api/admin/doLoginVerify', body: DoVerifyBody, data: DoVerifyResult });
export const verifyConfigListCall = defineCall({ method: 'GET', url: '/api/verify/configList', data: VerifyConfigList });
export const verifySaveConfigCall = defineCall({ method: 'POST', url: '/api/verify/saveConfig', body: VerifyConfigSaveBody, data: z.null() });
export const verifyTotpStatusCall = defineCall({ method: 'GET', url: '/api/verify/totp/status', data: TotpStatus });
export const verifyTotpSetupCall = defineCall({ method: 'POST', url: '/api/verify/totp/setup', data: TotpSetupResult });
export const verifyTotpConfirmCall = defineCall({ method: 'POST', url: '/api/verify/totp/confirm', body: TotpConfirmBody, data: z.null() });
export const verifyTotpRemoveCall = defineCall({ method: 'POST', url: '/api/verify/totp/remove', body: TotpConfirmBody, data: z.null() });
export const verifyOutboxCall = defineCall({ method: 'GET', url: '/api/verify/outbox', query: OutboxQuery, data: OutboxList });
