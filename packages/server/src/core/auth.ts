import crypto from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '@waystation/shared/contract/common';
import { ALL_PERMISSIONS, permissionsOf } from '@waystation/shared/menu';
import { type Db, preparedPerDatabase } from '../db';
import { adminRoles, admins, roleRoutes, roles, sessions } from '../db/schema';
import { AppError } from './errors';
import { isActive } from './status';

export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so a busy scanner does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** The authenticated staff member behind a request. */
export interface Caller {
  id: number;
  username: string;
  name: string;
  sessionId: number;
  roles: string[];
  allRoutes: boolean;
  routes: Set<string>;
  permissions: Set<string>;
}

export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface RoleGrants {
  roles: string[];
  allRoutes: boolean;
  routes: Set<string>;
  permissions: Set<string>;
}

/** The roles an account holds and the routes and permission keys they grant. */
export async function loadGrants(db: Db, adminId: number): Promise<RoleGrants> {
  const rows = await db
    .select({ key: roles.key, allRoutes: roles.allRoutes, routePath: roleRoutes.routePath })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .leftJoin(roleRoutes, eq(roleRoutes.roleId, roles.id))
    .where(eq(adminRoles.adminId, adminId));
  return grantsOf(rows);
}

/** The routes and permission keys a set of roles (by id) would grant together: what an account holding them gets. */
export async function grantsOfRoles(db: Db, roleIds: number[]): Promise<RoleGrants> {
  if (roleIds.length === 0) return grantsOf([]);
  const rows = await db
    .select({ key: roles.key, allRoutes: roles.allRoutes, routePath: roleRoutes.routePath })
    .from(roles)
    .leftJoin(roleRoutes, eq(roleRoutes.roleId, roles.id))
    .where(inArray(roles.id, roleIds));
  return grantsOf(rows);
}

/** The grants of a list of routes (a role being saved). */
export const grantsOfRoutes = (routes: Iterable<string>): RoleGrants => {
  const set = new Set(routes);
  return { roles: [], allRoutes: false, routes: set, permissions: permissionsOfRoutes(set) };
};

type GrantRow = { key: string; allRoutes: boolean; routePath: string | null };

function grantsOf(rows: GrantRow[]): RoleGrants {
  const roleKeys = [...new Set(rows.map((r) => r.key))].sort();
  const allRoutes = rows.some((r) => r.allRoutes);
  const routes = new Set(rows.flatMap((r) => (r.routePath ? [r.routePath] : [])));
  return { roles: roleKeys, allRoutes, routes, permissions: allRoutes ? new Set(ALL_PERMISSIONS) : permissionsOfRoutes(routes) };
}

/** The permission keys of a set of routes, remembered per set (a handful of roles means a handful of sets). */
function permissionsOfRoutes(routes: Set<string>): Set<string> {
  const key = [...routes].sort().join('\n');
  let permissions = permissionsByRoutes.get(key);
  if (!permissions) {
    if (permissionsByRoutes.size > 1000) permissionsByRoutes.clear();
    permissions = permissionsOf(routes);
    permissionsByRoutes.set(key, permissions);
  }
  return new Set(permissions);
}
const permissionsByRoutes = new Map<string, Set<string>>();

/** Whether every right of `grants` is also the caller's (roles with all routes only within such a caller). */
export function grantsWithin(grants: RoleGrants, caller: Pick<Caller, 'allRoutes' | 'routes' | 'permissions'>): boolean {
  if (caller.allRoutes) return true;
  if (grants.allRoutes) return false;
  for (const r of grants.routes) if (!caller.routes.has(r)) return false;
  for (const p of grants.permissions) if (!caller.permissions.has(p)) return false;
  return true;
}

/** The roles (by key) whose rights are all within the caller's: what a demo switch may preview. */
export async function rolesWithin(db: Db, caller: Pick<Caller, 'allRoutes' | 'routes' | 'permissions'>): Promise<string[]> {
  const rows = await db
    .select({ key: roles.key, allRoutes: roles.allRoutes, routePath: roleRoutes.routePath })
    .from(roles)
    .leftJoin(roleRoutes, eq(roleRoutes.roleId, roles.id));
  const byRole = new Map<string, { allRoutes: boolean; routes: Set<string> }>();
  for (const r of rows) {
    const g = byRole.get(r.key) ?? { allRoutes: r.allRoutes, routes: new Set<string>() };
    if (r.routePath) g.routes.add(r.routePath);
    byRole.set(r.key, g);
  }
  return [...byRole]
    .filter(([, g]) =>
      grantsWithin(
        { roles: [], allRoutes: g.allRoutes, routes: g.routes, permissions: g.allRoutes ? new Set(ALL_PERMISSIONS) : permissionsOf(g.routes) },
        caller,
      ),
    )
    .map(([key]) => key)
    .sort();
}

const logoutError = (code: number, message: string) => new AppError(code, message);

/**
 * The session, its account and the account's grants in one round trip (every API call starts here), built once per
 * database and prepared by name, so PostgreSQL parses and plans it once per connection.
 */
const buildSessionQuery = (db: Db) =>
  db
    .select({
      sessionId: sessions.id,
      adminId: sessions.adminId,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedReason: sessions.revokedReason,
      username: admins.username,
      name: admins.name,
      status: admins.status,
      roles: sql<string[]>`array(select ${roles.key} from ${adminRoles} join ${roles} on ${roles.id} = ${adminRoles.roleId}
          where ${adminRoles.adminId} = ${sessions.adminId} order by ${roles.key})`,
      allRoutes: sql<boolean>`coalesce((select bool_or(${roles.allRoutes}) from ${adminRoles} join ${roles} on ${roles.id} = ${adminRoles.roleId}
          where ${adminRoles.adminId} = ${sessions.adminId}), false)`,
      routes: sql<string[]>`array(select distinct ${roleRoutes.routePath} from ${adminRoles} join ${roleRoutes} on ${roleRoutes.roleId} = ${adminRoles.roleId}
          where ${adminRoles.adminId} = ${sessions.adminId} order by 1)`,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('authenticate');
const sessionQuery = preparedPerDatabase(buildSessionQuery);

/** Resolves a token to its caller, or refuses with 50008 (unknown/revoked), 50012 (replaced) or 50014 (expired). */
export async function authenticate(db: Db, token: string | undefined, now: Date): Promise<Caller> {
  if (!token) throw logoutError(ErrorCode.ILLEGAL_TOKEN, '未登录或登录凭证无效，请重新登录');
  const [row] = await sessionQuery(db).execute({ tokenHash: hashToken(token) });
  if (!row) throw logoutError(ErrorCode.ILLEGAL_TOKEN, '登录凭证无效，请重新登录');
  if (row.revokedReason === 'replaced') throw logoutError(ErrorCode.LOGGED_IN_ELSEWHERE, '您的账号已在其他地方登录');
  if (row.revokedReason) throw logoutError(ErrorCode.ILLEGAL_TOKEN, '登录已失效，请重新登录');
  if (!isActive(row)) throw logoutError(ErrorCode.ILLEGAL_TOKEN, '账号已停用，请联系管理员');
  const t = now.getTime();
  if (t >= row.expiresAt.getTime() || t - row.lastUsedAt.getTime() >= IDLE_TIMEOUT_MS) {
    throw logoutError(ErrorCode.TOKEN_EXPIRED, '登录已过期，请重新登录');
  }
  if (t - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
  }
  const routes = new Set(row.routes);
  const grants = { roles: row.roles, allRoutes: row.allRoutes, routes, permissions: row.allRoutes ? new Set(ALL_PERMISSIONS) : permissionsOfRoutes(routes) };
  return { id: row.adminId, username: row.username, name: row.name, sessionId: row.sessionId, ...grants };
}

/** Ends every live session of an account (status change, new login elsewhere). */
export async function revokeSessions(db: Db, adminId: number, reason: 'replaced' | 'disabled' | 'logout', now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.adminId, adminId), isNull(sessions.revokedAt)));
}

export const nowSql = (d: Date) => sql`${d.toISOString()}::timestamptz`;
