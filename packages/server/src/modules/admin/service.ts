import { asc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { AdminAccount, AdminListQuery, AdminSaveBody, ModifyStatusQuery, UpdateOwnDataBody } from '@waystation/shared/contract/admin';
import type { Page } from '@waystation/shared/contract/common';
import type { Db } from '../../db';
import { adminRoles, admins, roles } from '../../db/schema';
import { type Actor, auditedToggle, writeAudit } from '../../core/audit';
import { isActive, isDeleted } from '../../core/status';
import { type Caller, grantsOfRoles, grantsWithin, loadGrants, revokeSessions } from '../../core/auth';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, iso, orderBy, filters, offsetPage } from '../../core/paging';
import { hashPassword, verifyPassword } from '../../core/password';

async function rolesByAdmin(db: Db, adminIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (adminIds.length === 0) return map;
  const rows = await db
    .select({ adminId: adminRoles.adminId, key: roles.key })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(inArray(adminRoles.adminId, adminIds))
    .orderBy(asc(roles.key));
  for (const r of rows) map.set(r.adminId, [...(map.get(r.adminId) ?? []), r.key]);
  return map;
}

function toAccount(a: typeof admins.$inferSelect, roleKeys: string[]): AdminAccount {
  return {
    id: a.id,
    username: a.username,
    name: a.name,
    avatar: a.avatar,
    introduction: a.introduction,
    status: a.status as AdminAccount['status'],
    roles: roleKeys,
    lastLoginAt: iso(a.lastLoginAt),
    createTime: a.createdAt.toISOString(),
    modifyTime: a.updatedAt.toISOString(),
  };
}

/** Lists staff accounts; deleted ones only when asked for by status. */
export async function listAdmins(db: Db, q: AdminListQuery): Promise<Page<AdminAccount>> {
  const { rows, total } = await offsetPage(db, {
    table: admins,
    select: db.select().from(admins).$dynamic(),
    filter: [
      ...filters(q, { username: (u) => ilike(admins.username, containsPattern(u)), name: (n) => ilike(admins.name, containsPattern(n)) }),
      q.status ? eq(admins.status, q.status) : ne(admins.status, 'deleted'),
      ...filters(q, {
        role: (role) =>
          inArray(
            admins.id,
            db.select({ id: adminRoles.adminId }).from(adminRoles).innerJoin(roles, eq(roles.id, adminRoles.roleId)).where(eq(roles.key, role)),
          ),
      }),
    ],
    orderBy: orderBy(q.sort, q.order, { id: admins.id, create_time: admins.createdAt, modify_time: admins.updatedAt }, admins.id),
    q,
  });
  const roleMap = await rolesByAdmin(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toAccount(r, roleMap.get(r.id) ?? [])), total };
}

async function getAccount(db: Db, id: number): Promise<AdminAccount> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  if (!row) throw notFound('账号不存在');
  return toAccount(row, (await rolesByAdmin(db, [id])).get(id) ?? []);
}

/**
 * Creates or edits a staff account with its roles. Nobody grants more than they hold (only a super admin grants a role
 * that opens every route), edits an account that holds more than they do, or changes their own roles; setting another
 * person's password is a sensitive operation (reset_admin_pwd, checked by the route), one's own goes through 个人中心.
 */
export async function saveAdmin(db: Db, caller: Caller, actor: Actor, input: AdminSaveBody, now: Date): Promise<{ id: number }> {
  if (!input.id && !input.password) throw invalid('password', '请设置初始密码');
  const roleRows = await db.select().from(roles).where(inArray(roles.key, input.roles));
  const missing = input.roles.filter((k) => !roleRows.some((r) => r.key === k));
  if (missing.length) throw invalid('roles', `角色不存在：${missing.join(', ')}`);
  if (roleRows.some((r) => r.allRoutes) && !caller.allRoutes) throw forbidden('只有超级管理员可以授予超级管理员角色');
  // A delegate hands out only what they hold themselves: the roles together must open no page and no permission beyond theirs.
  if (
    !grantsWithin(
      await grantsOfRoles(
        db,
        roleRows.map((r) => r.id),
      ),
      caller,
    )
  )
    throw forbidden('不能授予超出自己权限的角色');
  if (input.id === caller.id && input.password) throw forbidden('请在个人中心修改自己的密码');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;

  try {
    return await db.transaction(async (tx) => {
      let id: number;
      let before: AdminAccount | null = null;
      if (input.id) {
        before = await getAccount(tx, input.id);
        if (isDeleted(before)) throw conflict('账号已删除，不能编辑');
        if (before.roles.includes('super_admin') && !caller.allRoutes) throw forbidden('只有超级管理员可以编辑超级管理员账号');
        if (input.id === caller.id && [...new Set(input.roles)].sort().join() !== [...before.roles].sort().join()) throw forbidden('不能修改自己的角色');
        if (!grantsWithin(await loadGrants(tx, input.id), caller)) throw forbidden('不能编辑权限超出自己的账号');
        id = input.id;
        await tx
          .update(admins)
          .set({
            username: input.username,
            name: input.name,
            ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
            ...(input.introduction !== undefined ? { introduction: input.introduction } : {}),
            ...(passwordHash ? { passwordHash } : {}),
            updatedAt: now,
          })
          .where(eq(admins.id, id));
        await tx.delete(adminRoles).where(eq(adminRoles.adminId, id));
        // A password reset by someone else ends the account's session.
        if (passwordHash) await revokeSessions(tx, id, 'disabled', now);
      } else {
        const [row] = await tx
          .insert(admins)
          .values({
            username: input.username,
            name: input.name,
            passwordHash: passwordHash!,
            avatar: input.avatar ?? '',
            introduction: input.introduction ?? '',
            status: 'activity',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: admins.id });
        id = row.id;
      }
      await tx.insert(adminRoles).values(roleRows.map((r) => ({ adminId: id, roleId: r.id })));
      const after = await getAccount(tx, id);
      await writeAudit(
        tx,
        actor,
        { action: input.id ? 'admin.update' : 'admin.create', targetType: 'admin', targetId: id, before, after: { ...after, passwordChanged: !!passwordHash } },
        now,
      );
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('username', '用户名已存在');
    throw err;
  }
}

/** Changes an account's status; any status but activity ends its sessions. Nobody can change their own. */
export async function modifyAdminStatus(db: Db, caller: Caller, actor: Actor, q: ModifyStatusQuery, now: Date): Promise<void> {
  if (q.id === caller.id) throw forbidden('不能修改自己的账号状态');
  await db.transaction(async (tx) => {
    const before = await getAccount(tx, q.id);
    if (before.roles.includes('super_admin') && !caller.allRoutes) throw forbidden('只有超级管理员可以修改超级管理员账号');
    if (!grantsWithin(await loadGrants(tx, q.id), caller)) throw forbidden('不能修改权限超出自己的账号');
    await auditedToggle(tx, actor, {
      table: admins,
      row: before,
      status: q.status,
      action: 'admin.modifyStatus',
      targetType: 'admin',
      check: () => {
        if (isDeleted(before)) throw conflict('账号已删除，不能修改状态');
      },
      also: async (tx) => {
        if (!isActive(q)) await revokeSessions(tx, q.id, 'disabled', now);
      },
      now,
    });
  });
}

/** Edits the caller's own profile; a password change needs the current password. */
export async function updateOwnData(db: Db, caller: Caller, actor: Actor, input: UpdateOwnDataBody, now: Date): Promise<void> {
  const [me] = await db.select().from(admins).where(eq(admins.id, caller.id)).limit(1);
  if (input.newPassword && !(await verifyPassword(me.passwordHash, input.oldPassword ?? ''))) {
    throw invalid('oldPassword', '当前密码不正确');
  }
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : undefined;
  await db.transaction(async (tx) => {
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.introduction !== undefined ? { introduction: input.introduction } : {}),
    };
    await tx
      .update(admins)
      .set({ ...changes, ...(passwordHash ? { passwordHash } : {}), updatedAt: now })
      .where(eq(admins.id, caller.id));
    const before = { name: me.name, avatar: me.avatar, introduction: me.introduction };
    await writeAudit(
      tx,
      actor,
      { action: 'admin.updateOwnData', targetType: 'admin', targetId: caller.id, before, after: { ...changes, passwordChanged: !!passwordHash } },
      now,
    );
  });
}

/** Active accounts as id + name, for selectors. */
export async function adminOptions(db: Db) {
  return db
    .select({ id: admins.id, name: admins.name, username: admins.username })
    .from(admins)
    .where(eq(admins.status, 'activity'))
    .orderBy(asc(admins.name), asc(admins.id));
}
