import {
  type DoVerifyBody,
  type VerifyConfigSaveBody,
  type VerifyType,
  adminVerifyEnableCall,
  adminSendVerifyCodeCall,
  adminDoLoginVerifyCall,
  verifyConfigListCall,
  verifySaveConfigCall,
  verifyOutboxCall,
  verifyTotpStatusCall,
  verifyTotpSetupCall,
  verifyTotpConfirmCall,
  verifyTotpRemoveCall,
} from '@waystation/shared/contract/verification';
import { call } from '../../api/request';

/** GET /api/admin/verifyEnable (SPEC §6 enable check) */
export const fetchVerifyEnable = (type: VerifyType) => call(adminVerifyEnableCall, { type });
/** POST /api/admin/sendVerifyCode */
export const sendVerifyCode = (body: { type: VerifyType; subjectId: number; request?: string }) => call(adminSendVerifyCodeCall, body);
/** POST /api/admin/doLoginVerify */
export const doLoginVerify = (body: DoVerifyBody) => call(adminDoLoginVerifyCall, body);

export const fetchVerifyConfig = () => call(verifyConfigListCall);
export const saveVerifyConfig = (body: VerifyConfigSaveBody) => call(verifySaveConfigCall, body);
export const fetchOutbox = (params: { page: number; limit: number }) => call(verifyOutboxCall, params);

export const fetchTotpStatus = () => call(verifyTotpStatusCall);
export const setupTotp = () => call(verifyTotpSetupCall);
export const confirmTotp = (code: string) => call(verifyTotpConfirmCall, { code });
export const removeTotp = (code: string) => call(verifyTotpRemoveCall, { code });
