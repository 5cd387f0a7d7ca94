import { z } from 'zod';
import {
  AdminInfo,
  type AdminListQuery,
  type AdminSaveBody,
  type LoginBody,
  type ModifyStatusQuery,
  type UpdateOwnDataBody,
  adminLoginCall,
  adminInfoCall,
  adminLogoutCall,
  adminFetchListCall,
  adminSaveDataCall,
  adminModifyStatusCall,
  adminUpdateOwnDataCall,
  adminInitAdminUsersCall,
  adminUnlockLoginCall,
  adminDemoSwitchCall,
} from '@waystation/shared/contract/admin';
import { request, call } from './request';

/** POST /api/admin/login */
export const login = (body: LoginBody) => call(adminLoginCall, body);

/**
 * GET /api/admin/info. The token travels in its HttpOnly cookie (or X-Token for API clients), never in a URL; the response is checked by the guard
 * itself so that the SPEC's messages for missing info and empty roles can be shown. Silent: the guard shows
 * the error and sends the user to the login page, so no re-login prompt is stacked on top.
 */
export const getInfo = () => request(adminInfoCall.url, { schema: z.unknown(), silent: true });
export { AdminInfo };

/** POST /api/admin/logout: failures are ignored, the session ends locally either way. */
export const logout = () => call(adminLogoutCall, undefined, { silent: true, endsSession: true });

/** GET /api/admin/fetchList */
export const fetchAdminList = (params: Partial<AdminListQuery>) => call(adminFetchListCall, params);

/** POST /api/admin/saveData */
export const saveAdmin = (body: AdminSaveBody, headers?: Record<string, string>) => call(adminSaveDataCall, body, { headers });

/** GET /api/admin/modifyStatus */
export const modifyAdminStatus = (params: ModifyStatusQuery) => call(adminModifyStatusCall, params);

/** POST /api/admin/updateOwnData */
export const updateOwnData = (body: UpdateOwnDataBody) => call(adminUpdateOwnDataCall, body);

/** GET /api/admin/initAdminUsers */
export const initAdminUsers = () => call(adminInitAdminUsersCall);

/** POST /api/admin/demoSwitch (demo mode only) */
/** POST /api/admin/unlockLogin: clears the login waits of a username */
export const unlockLogin = (username: string) => call(adminUnlockLoginCall, { username });
export const demoSwitch = (role: string) => call(adminDemoSwitchCall, { role });
