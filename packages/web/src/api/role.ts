import { z } from 'zod';
import type { MenuRoute } from '@waystation/shared/menu';
import { CatalogueResult, EnableRoutesResult, RoleListResult, RoleOptionList, type RoleListQuery, type RoleSaveBody } from '@waystation/shared/contract/role';
import { request } from './request';

/** GET /api/role/getEnableRoutes: the caller's permitted menu tree (silent: the guard reports failures). */
export const getEnableRoutes = () => request('/api/role/getEnableRoutes', { schema: EnableRoutesResult, silent: true }) as Promise<MenuRoute[]>;

/** GET /api/role/catalogue: every route, for the role editor. */
export const getCatalogue = () => request('/api/role/catalogue', { schema: CatalogueResult }) as Promise<MenuRoute[]>;

/** GET /api/role/pageList */
export const fetchRoleList = (params: Partial<RoleListQuery>) => request('/api/role/pageList', { params, schema: RoleListResult });

/** GET /api/role/options: every role's key and name, for the account editor (needs only system:adminUser). */
export const fetchRoleOptions = () => request('/api/role/options', { schema: RoleOptionList });

/** POST /api/role/save */
export const saveRole = (body: RoleSaveBody) => request('/api/role/save', { method: 'POST', body, schema: z.unknown() });

/** GET /api/role/delete (40900 while an account holds the role) */
export const deleteRole = (id: number) => request('/api/role/delete', { params: { id }, schema: z.unknown() });
