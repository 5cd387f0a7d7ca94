import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { expandGrants, ROUTE_PATHS, SEED_ROLES } from '@waystation/shared/menu';
import type { Db } from '../db';
import { SensitiveOperation } from '@waystation/shared/vocab/account';
import { adminRoles, admins, roleRoutes, roles, systemMeta, verifyConfigs, verifySubjects } from '../db/schema';
import { hashPassword } from '../core/password';

const CATALOGUE_META_KEY = 'catalogue_paths';

/**
 * Creates the seed roles once, and grants catalogue routes added since the last start to the seed roles
 * whose job covers them, so a new screen reaches its people without touching roles an operator edited.
 */
export async function seedRoles(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [meta] = await tx.select().from(systemMeta).where(eq(systemMeta.key, CATALOGUE_META_KEY)).limit(1);
    const known = new Set<string>((meta?.value as string[] | undefined) ?? []);
    const existing = await tx
      .select()
      .from(roles)
      .where(
        inArray(
          roles.key,
          SEED_ROLES.map((r) => r.key),
        ),
      );
    for (const seed of SEED_ROLES) {
      const granted = expandGrants(seed.grants);
      let role = existing.find((r) => r.key === seed.key);
      let toGrant = granted.filter((p) => !known.has(p));
      if (!role) {
        [role] = await tx
          .insert(roles)
          .values({ key: seed.key, name: seed.name, description: seed.description, allRoutes: !!seed.allRoutes, builtin: true, createdAt: now, updatedAt: now })
          .returning();
        toGrant = granted;
      }
      if (toGrant.length) {
        await tx
          .insert(roleRoutes)
          .values(toGrant.map((routePath) => ({ roleId: role.id, routePath })))
          .onConflictDoNothing();
      }
    }
    await tx
      .insert(systemMeta)
      .values({ key: CATALOGUE_META_KEY, value: ROUTE_PATHS, updatedAt: now })
      .onConflictDoUpdate({ target: systemMeta.key, set: { value: ROUTE_PATHS, updatedAt: now } });
  });
}

/** Creates a staff account with the given roles unless the username exists. Returns true when created. */
export async function ensureAdmin(db: Db, account: { username: string; name: string; password: string; roles: string[] }, now: Date): Promise<boolean> {
  const [found] = await db.select({ id: admins.id }).from(admins).where(sql`lower(${admins.username}) = lower(${account.username})`).limit(1);
  if (found) return false;
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admins)
      .values({ username: account.username, name: account.name, passwordHash, status: 'activity', createdAt: now, updatedAt: now })
      .returning({ id: admins.id });
    const roleRows = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.key, account.roles));
    await tx.insert(adminRoles).values(roleRows.map((r) => ({ adminId: row.id, roleId: r.id })));
    return true;
  });
}

/** The first super admin. Without a configured password one is generated and returned, to be printed once. */
export async function ensureSuperAdmin(db: Db, username: string, password: string | undefined, now: Date): Promise<string | undefined> {
  const generated = password ? undefined : `${crypto.randomBytes(9).toString('base64url')}7a`;
  const created = await ensureAdmin(db, { username, name: '超级管理员', password: password ?? generated!, roles: ['super_admin'] }, now);
  return created ? generated : undefined;
}

/**
 * Sensitive operations are refused while their verification is off (SPEC §6), so the first start switches every
 * type on with the super admin as the verifier — except admin_login, the optional second login factor. A type an
 * operator configured since is left as it is.
 */
export async function seedVerification(db: Db, superAdminUsername: string, now: Date): Promise<void> {
  const [admin] = await db.select({ id: admins.id }).from(admins).where(sql`lower(${admins.username}) = lower(${superAdminUsername})`).limit(1);
  if (!admin) return;
  const types = SensitiveOperation.values.filter((type) => type !== 'admin_login');
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(verifyConfigs)
      .values(types.map((type) => ({ type, enabled: true, updatedBy: admin.id, updatedAt: now })))
      .onConflictDoNothing()
      .returning({ type: verifyConfigs.type });
    if (created.length)
      await tx
        .insert(verifySubjects)
        .values(created.map(({ type }) => ({ type, adminId: admin.id })))
        .onConflictDoNothing();
  });
}
