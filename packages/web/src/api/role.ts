import type { MenuRoute } from '@waystation/shared/menu';
import { type RoleSaveBody, roleGetEnableRoutesCall, roleCatalogueCall, roleOptionsCall, roleSaveCall, roleDeleteCall } from '@waystation/shared/contract/role';
import { call } from './request';

/** GET /api/role/getEnableRoutes: the caller's permitted menu tree (silent: the guard reports failures). */
export const getEnableRoutes = () => call(roleGetEnableRoutesCall, undefined, { silent: true }) as Promise<MenuRoute[]>;

/** GET /api/role/catalogue: every route, for the role editor. */
export const getCatalogue = () => call(roleCatalogueCall) as Promise<MenuRoute[]>;

/** GET /api/role/options: every role's key and name, for the account editor (needs only system:adminUser). */
export const fetchRoleOptions = () => call(roleOptionsCall);

/** POST /api/role/save */
export const saveRole = (body: RoleSaveBody) => call(roleSaveCall, body);

/** GET /api/role/delete (40900 while an account holds the role) */
export const deleteRole = (id: number) => call(roleDeleteCall, { id });
