import { z } from 'zod';
import {
  AdminInfo,
  AdminListResult,
  AdminOptionList,
  AdminSaveResult,
  LoginResult,
  type AdminListQuery,
  type AdminSaveBody,
  type LoginBody,
  type ModifyStatusQuery,
  type UpdateOwnDataBody,
} from '@waystation/shared/contract/admin';
import { request } from './request';

/** POST /api/admin/login */
export const login = (body: LoginBody) => request('/api/admin/login', { method: 'POST', body, schema: LoginResult });

/**
 * GET /api/admin/info. The token travels in its HttpOnly cookie (or X-Token for API clients), never in a URL; the response is checked by the guard
 * itself so that the SPEC's messages for missing info and empty roles can be shown. Silent: the guard shows
 * the error and sends the user to the login page, so no re-login prompt is stacked on top.
 */
export const getInfo = () => request('/api/admin/info', { schema: z.unknown(), silent: true });
export { AdminInfo };

/** POST /api/admin/logout: failures are ignored, the session ends locally either way. */
export const logout = () => request('/api/admin/logout', { method: 'POST', schema: z.unknown(), silent: true });

/** GET /api/admin/fetchList */
export const fetchAdminList = (params: Partial<AdminListQuery>) => request('/api/admin/fetchList', { params, schema: AdminListResult });

/** POST /api/admin/saveData */
export const saveAdmin = (body: AdminSaveBody, headers?: Record<string, string>) =>
  request('/api/admin/saveData', { method: 'POST', body, schema: AdminSaveResult, headers });

/** GET /api/admin/modifyStatus */
export const modifyAdminStatus = (params: ModifyStatusQuery) => request('/api/admin/modifyStatus', { params, schema: z.unknown() });

/** POST /api/admin/updateOwnData */
export const updateOwnData = (body: UpdateOwnDataBody) => request('/api/admin/updateOwnData', { method: 'POST', body, schema: z.unknown() });

/** GET /api/admin/initAdminUsers */
export const initAdminUsers = () => request('/api/admin/initAdminUsers', { schema: AdminOptionList });

/** POST /api/admin/demoSwitch (demo mode only) */
/** POST /api/admin/unlockLogin: clears the login waits of a username */
export const unlockLogin = (username: string) => request('/api/admin/unlockLogin', { method: 'POST', body: { username }, schema: z.unknown() });
export const demoSwitch = (role: string) => request('/api/admin/demoSwitch', { method: 'POST', body: { role }, schema: LoginResult });
