import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import type { Role, RoleListQuery, RoleSaveBody } from '@waystation/shared/contract/role';
import { buildMenuTree, isCataloguePath, isGrantablePath, type MenuRoute } from '@waystation/shared/menu';
import type { Db } from '../../db';
import { adminRoles, roleRoutes, roles } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { type Caller, grantsOfRoles, grantsWithin } from '../../core/auth';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, orderBy, filters, offsetPage } from '../../core/paging';

/** The caller's permitted part of the route catalogue, in the SPEC's menu shape. */
export function enableRoutes(caller: Caller): MenuRoute[] {
  return buildMenuTree(caller.allRoutes ? 'all' : caller.routes);
}

async function toRoles(db: Db, rows: (typeof roles.$inferSelect)[]): Promise<Role[]> {
  const ids = rows.map((r) => r.id);
  const routeRows = ids.length ? await db.select().from(roleRoutes).where(inArray(roleRoutes.roleId, ids)).orderBy(asc(roleRoutes.routePath)) : [];
  const countRows = ids.length
    ? await db.select({ roleId: adminRoles.roleId, n: count() }).from(adminRoles).where(inArray(adminRoles.roleId, ids)).groupBy(adminRoles.roleId)
    : [];
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    allRoutes: r.allRoutes,
    builtin: r.builtin,
    routes: routeRows.filter((x) => x.roleId === r.id).map((x) => x.routePath),
    adminCount: countRows.find((c) => c.roleId === r.id)?.n ?? 0,
    createTime: r.createdAt.toISOString(),
    modifyTime: r.updatedAt.toISOString(),
  }));
}

export async function listRoles(db: Db, q: RoleListQuery): Promise<Page<Role>> {
  const { rows, total } = await offsetPage(db, {
    table: roles,
    select: db.select().from(roles).$dynamic(),
    filter: filters(q, { keyword: (k) => or(ilike(roles.key, containsPattern(k)), ilike(roles.name, containsPattern(k))) }),
    orderBy: orderBy(q.sort, q.order, { id: roles.id, create_time: roles.createdAt, modify_time: roles.updatedAt }, roles.id),
    q,
  });
  return { list: await toRoles(db, rows), total };
}

/** The roles the caller may hand out (all for a super admin): the account editor offers no role the server would refuse. */
export async function roleOptions(db: Db, caller: Caller) {
  const rows = await db.select({ id: roles.id, key: roles.key, name: roles.name, allRoutes: roles.allRoutes }).from(roles).orderBy(asc(roles.id));
  const options = [];
  for (const { id, ...role } of rows) {
    if (caller.allRoutes || (!role.allRoutes && grantsWithin(await grantsOfRoles(db, [id]), caller))) options.push(role);
  }
  return options;
}

/** Pages of a route list the caller does not hold (none for a super admin). */
const beyondCaller = (routes: Iterable<string>, caller: Caller) => (caller.allRoutes ? [] : [...routes].filter((p) => !caller.routes.has(p)));

/**
 * Creates or edits a role and the catalogue routes it grants. The built-in super_admin role keeps every route. A
 * delegate (not a super admin) grants only pages they hold, and edits neither a role they hold (their own rights) nor
 * a role that holds more than they do.
 */
export async function saveRole(db: Db, caller: Caller, actor: Actor, input: RoleSaveBody, now: Date): Promise<{ id: number }> {
  const unknown = input.routes.filter((p) => !isCataloguePath(p));
  if (unknown.length) throw invalid('routes', `未知的路由：${unknown.slice(0, 5).join(', ')}`);
  const reserved = input.routes.filter((p) => !isGrantablePath(p));
  if (reserved.length) throw invalid('routes', `仅超级管理员可用，不能授予其他角色：${reserved.join(', ')}`);
  const routes = [...new Set(input.routes)];
  const beyond = beyondCaller(routes, caller);
  if (beyond.length) throw forbidden(`不能授予自己没有的页面：${beyond.slice(0, 5).join(', ')}`);
  try {
    return await db.transaction(async (tx) => {
      let before: Role | null = null;
      let id: number;
      if (input.id) {
        const [row] = await tx.select().from(roles).where(eq(roles.id, input.id)).limit(1);
        if (!row) throw notFound('角色不存在');
        [before] = await toRoles(tx, [row]);
        if (row.builtin && row.key !== input.key) throw invalid('key', '内置角色的标识不能修改');
        if (row.allRoutes) throw forbidden('超级管理员角色拥有全部权限，不能编辑');
        if (!caller.allRoutes && caller.roles.includes(row.key)) throw forbidden('不能修改自己所属的角色');
        if (beyondCaller(before.routes, caller).length) throw forbidden('不能编辑权限超出自己的角色');
        id = row.id;
        await tx.update(roles).set({ key: input.key, name: input.name, description: input.description, updatedAt: now }).where(eq(roles.id, id));
        await tx.delete(roleRoutes).where(eq(roleRoutes.roleId, id));
      } else {
        const [row] = await tx
          .insert(roles)
          .values({ key: input.key, name: input.name, description: input.description, createdAt: now, updatedAt: now })
          .returning({ id: roles.id });
        id = row.id;
      }
      if (routes.length) await tx.insert(roleRoutes).values(routes.map((routePath) => ({ roleId: id, routePath })));
      const [after] = await toRoles(tx, await tx.select().from(roles).where(eq(roles.id, id)));
      await writeAudit(tx, actor, { action: input.id ? 'role.update' : 'role.create', targetType: 'role', targetId: id, before, after }, now);
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('key', '角色标识已存在');
    throw err;
  }
}

/** Deletes a role nobody holds and whose pages the caller holds; built-in roles stay. */
export async function deleteRole(db: Db, caller: Caller, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(roles).where(eq(roles.id, id)).limit(1);
    if (!row) throw notFound('角色不存在');
    if (row.builtin) throw conflict('内置角色不能删除');
    const [before] = await toRoles(tx, [row]);
    if (row.allRoutes || beyondCaller(before.routes, caller).length) throw forbidden('不能删除权限超出自己的角色');
    if (before.adminCount > 0) throw conflict(`该角色仍有 ${before.adminCount} 个账号使用，无法删除`);
    await tx.delete(roles).where(and(eq(roles.id, id)));
    await writeAudit(tx, actor, { action: 'role.delete', targetType: 'role', targetId: id, before }, now);
  });
}
