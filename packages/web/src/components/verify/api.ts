import { z } from 'zod';
import {
  DoVerifyResult,
  OutboxList,
  SendVerifyCodeResult,
  TotpSetupResult,
  TotpStatus,
  VerifyConfigList,
  VerifyEnableResult,
  type DoVerifyBody,
  type VerifyConfigSaveBody,
  type VerifyType,
} from '@waystation/shared/contract/verification';
import { request } from '../../api/request';

/** GET /api/admin/verifyEnable (SPEC §6 enable check) */
export const fetchVerifyEnable = (type: VerifyType) => request('/api/admin/verifyEnable', { params: { type }, schema: VerifyEnableResult });
/** POST /api/admin/sendVerifyCode */
export const sendVerifyCode = (body: { type: VerifyType; subjectId: number; request?: string }) =>
  request('/api/admin/sendVerifyCode', { method: 'POST', body, schema: SendVerifyCodeResult });
/** POST /api/admin/doLoginVerify */
export const doLoginVerify = (body: DoVerifyBody) => request('/api/admin/doLoginVerify', { method: 'POST', body, schema: DoVerifyResult });

export const fetchVerifyConfig = () => request('/api/verify/configList', { schema: VerifyConfigList });
export const saveVerifyConfig = (body: VerifyConfigSaveBody) => request('/api/verify/saveConfig', { method: 'POST', body, schema: z.unknown() });
export const fetchOutbox = (params: { page: number; limit: number }) => request('/api/verify/outbox', { params, schema: OutboxList });

export const fetchTotpStatus = () => request('/api/verify/totp/status', { schema: TotpStatus });
export const setupTotp = () => request('/api/verify/totp/setup', { method: 'POST', schema: TotpSetupResult });
export const confirmTotp = (code: string) => request('/api/verify/totp/confirm', { method: 'POST', body: { code }, schema: z.unknown() });
export const removeTotp = (code: string) => request('/api/verify/totp/remove', { method: 'POST', body: { code }, schema: z.unknown() });
