import { z } from 'zod';
import { AccountStatus } from '../vocab/account';
import { password } from '../rules';
import { PageQuery, idParam, pageOf, textFilter, queryInt } from './common';
import { TaskNumResult } from './badge';
import { EnableRoutesResult } from './role';
import { defineCall } from './call';

/** POST /api/admin/login */
export const LoginBody = z.strictObject({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** GET /api/admin/info (SPEC §3 user info). A `token` in the query is ignored (it never authenticates: the X-Token header does); allowed so old links still validate. */
export const InfoQuery = z.strictObject({ token: z.string().max(200).optional() });
export const AdminInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(z.string()),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  permissions: z.array(z.string()),
  demo: z.boolean(),
  /** Demo mode: the roles the caller may preview (none with rights the caller lacks). */
  demoRoles: z.array(z.string()).default([]),
});
export type AdminInfo = z.infer<typeof AdminInfo>;

/**
 * What the shell shows first (user info, menu routes, queue counters), given with the login's token so the first
 * screen does not ask for it in a second round trip. The same as GET /api/admin/info, /api/role/getEnableRoutes and
 * /api/back/getTaskNum would answer at that moment.
 */
export const SessionStart = z.object({ info: AdminInfo, routes: EnableRoutesResult, taskNum: TaskNumResult });
export type SessionStart = z.infer<typeof SessionStart>;

/** POST /api/admin/login (data.token, SPEC §7) and /api/admin/demoSwitch; the login also gives the session's start. */
export const LoginResult = z.object({ token: z.string(), session: SessionStart.optional() });
export type LoginResult = z.infer<typeof LoginResult>;

/** One staff account as lists show it. */
export const AdminAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  status: z.enum(AccountStatus.values),
  roles: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
  createTime: z.string(),
  modifyTime: z.string(),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

/** GET /api/admin/fetchList */
export const AdminListQuery = PageQuery.extend({
  username: textFilter,
  name: textFilter,
  status: z.enum(AccountStatus.values).optional(),
  role: textFilter,
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;
export const AdminListResult = pageOf(AdminAccount);

/** POST /api/admin/saveData: without id creates (password required), with id edits (password optional = unchanged). */
export const AdminSaveBody = z.strictObject({
  id: z.number().int().positive().optional(),
  username: z
    .string()
    .trim()
    .min(3, '用户名需为3~32位字母、数字或下划线')
    .max(32, '用户名需为3~32位字母、数字或下划线')
    .regex(/^[A-Za-z0-9_.-]+$/, '用户名需为3~32位字母、数字或下划线'),
  name: z.string().trim().min(1, '请输入姓名').max(64),
  password: password.optional(),
  roles: z.array(z.string().min(1).max(64)).min(1, '请至少选择一个角色').max(20),
  avatar: z.string().max(500).optional(),
  introduction: z.string().max(500).optional(),
});
export type AdminSaveBody = z.infer<typeof AdminSaveBody>;
export const AdminSaveResult = z.object({ id: z.number().int() });

/** GET /api/admin/modifyStatus */
export const ModifyStatusQuery = z.strictObject({ id: idParam, status: z.enum(AccountStatus.values) });
export type ModifyStatusQuery = z.infer<typeof ModifyStatusQuery>;

/** POST /api/admin/updateOwnData: a password change needs the current password. */
export const UpdateOwnDataBody = z
  .strictObject({
    name: z.string().trim().min(1, '请输入姓名').max(64).optional(),
    avatar: z.string().max(500).optional(),
    introduction: z.string().max(500).optional(),
    oldPassword: z.string().max(128).optional(),
    newPassword: password.optional(),
  })
  .refine((b) => !b.newPassword || !!b.oldPassword, { message: '修改密码需要输入当前密码', path: ['oldPassword'] });
export type UpdateOwnDataBody = z.infer<typeof UpdateOwnDataBody>;

/** GET /api/admin/initAdminUsers: id + name for selectors. */
export const AdminOption = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export const AdminOptionList = z.array(AdminOption);

/** Demo role switch (SPEC §6): only when the server runs in demo mode. */
export const UnlockLoginBody = z.strictObject({ username: z.string().trim().min(1).max(64) });
export const DemoSwitchBody = z.strictObject({ role: z.string().min(1).max(64) });

export { queryInt };

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const adminLoginCall = defineCall({ method: 'POST', url: '/api/admin/login', body: LoginBody, data: LoginResult });
export const adminInfoCall = defineCall({ method: 'GET', url: '/api/admin/info', query: InfoQuery, data: AdminInfo });
export const adminLogoutCall = defineCall({ method: 'POST', url: '/api/admin/logout', data: z.null() });
export const adminFetchListCall = defineCall({ method: 'GET', url: '/api/admin/fetchList', query: AdminListQuery, data: AdminListResult });
export const adminSaveDataCall = defineCall({ method: 'POST', url: '/api/admin/saveData', body: AdminSaveBody, data: AdminSaveResult });
export const adminUnlockLoginCall = defineCall({ method: 'POST', url: '/api/admin/unlockLogin', body: UnlockLoginBody, data: z.null() });
export const adminModifyStatusCall = defineCall({ method: 'GET', url: '/api/admin/modifyStatus', query: ModifyStatusQuery, data: z.null() });
export const adminUpdateOwnDataCall = defineCall({ method: 'POST', url: '/api/admin/updateOwnData', body: UpdateOwnDataBody, data: z.null() });
export const adminInitAdminUsersCall = defineCall({ method: 'GET', url: '/api/admin/initAdminUsers', data: AdminOptionList });
export const adminDemoSwitchCall = defineCall({ method: 'POST', url: '/api/admin/demoSwitch', body: DemoSwitchBody, data: LoginResult });
