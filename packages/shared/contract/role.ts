import { z } from 'zod';
import { PageQuery, idParam, pageOf, textFilter } from './common';
import { defineCall } from './call';

const MenuRouteSchema: z.ZodType<unknown> = z.lazy(() =>
  z.object({
    path: z.string(),
    component: z.string(),
    name: z.string(),
    hidden: z.boolean().optional(),
    alwaysShow: z.boolean().optional(),
    redirect: z.string().optional(),
    meta: z.object({
      title: z.string(),
      titleEn: z.string(),
      icon: z.string().optional(),
      noCache: z.boolean().optional(),
      affix: z.boolean().optional(),
      activeMenu: z.string().optional(),
      badge: z.string().optional(),
      breadcrumb: z.boolean().optional(),
    }),
    children: z.array(MenuRouteSchema).optional(),
  }),
);
/** GET /api/role/getEnableRoutes */
export const EnableRoutesResult = z.array(MenuRouteSchema);

export const Role = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  allRoutes: z.boolean(),
  builtin: z.boolean(),
  routes: z.array(z.string()),
  adminCount: z.number().int(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type Role = z.infer<typeof Role>;

/** GET /api/role/pageList */
export const RoleListQuery = PageQuery.extend({ keyword: textFilter });
export type RoleListQuery = z.infer<typeof RoleListQuery>;
export const RoleListResult = pageOf(Role);

/** POST /api/role/save: granted routes are full catalogue paths. */
export const RoleSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  key: z
    .string()
    .trim()
    .min(2, '角色标识需为2~64位小写字母、数字或下划线')
    .max(64, '角色标识需为2~64位小写字母、数字或下划线')
    .regex(/^[a-z][a-z0-9_]*$/, '角色标识需为2~64位小写字母、数字或下划线'),
  name: z.string().trim().min(1, '请输入角色名称').max(64),
  description: z.string().max(500).default(''),
  routes: z.array(z.string().max(200)).max(1000),
});
export type RoleSaveBody = z.infer<typeof RoleSaveBody>;

/** GET /api/role/delete?id= (refused while any account holds the role) */
export const RoleDeleteQuery = z.strictObject({ id: idParam });

/** GET /api/role/catalogue: the whole route catalogue for the role editor's checkbox tree. */
export const CatalogueResult = EnableRoutesResult;

/** GET /api/role/options: roles for the account editor's selector. */
export const RoleOptionList = z.array(z.object({ key: z.string(), name: z.string(), allRoutes: z.boolean() }));
export type RoleOptionList = z.infer<typeof RoleOptionList>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const roleGetEnableRoutesCall = defineCall({ method: 'GET', url: '/api/role/getEnableRoutes', data: EnableRoutesResult });
export const roleCatalogueCall = defineCall({ method: 'GET', url: '/api/role/catalogue', data: CatalogueResult });
export const rolePageListCall = defineCall({ method: 'GET', url: '/api/role/pageList', query: RoleListQuery, data: RoleListResult });
export const roleOptionsCall = defineCall({ method: 'GET', url: '/api/role/options', data: RoleOptionList });
/** The saved role's id (its own schema: importing admin's would make the two contracts import each other). */
export const RoleSaveResult = z.object({ id: z.number().int() });
export const roleSaveCall = defineCall({ method: 'POST', url: '/api/role/save', body: RoleSaveBody, data: RoleSaveResult });
export const roleDeleteCall = defineCall({ method: 'GET', url: '/api/role/delete', query: RoleDeleteQuery, data: z.null() });
