import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Staff accounts. */
export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    status: text('status').notNull().default('activity'),
    lockedUntil: ts('locked_until'),
    lastLoginAt: ts('last_login_at'),
    /** Demo mode: the role whose own demo account this is (no password sign-in; demoSwitch opens sessions of it). */
    demoRole: text('demo_role'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('admins_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('admins_demo_role_key').on(t.demoRole).where(sql`${t.demoRole} is not null`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    allRoutes: boolean('all_routes').notNull().default(false),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('roles_key_key').on(t.key)],
);

/** Routes (full catalogue paths) a role grants. */
export const roleRoutes = pgTable(
  'role_routes',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    routePath: text('route_path').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.routePath] })],
);

export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.roleId] }), index('admin_roles_role_idx').on(t.roleId)],
);

/** Login sessions; only the token's SHA-256 is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_admin_idx').on(t.adminId)],
);

/** Login attempts, kept in the database so that several servers share the lock and rate counters. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('login_attempts_user_idx').on(sql`lower(${t.username})`, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

const auditColumns = () => ({
  actorId: integer('actor_id'),
  actorName: text('actor_name').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull().default(''),
  result: text('result').notNull().default('ok'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at').notNull(),
});

/** Audit trail: every write and every refused sensitive action. */
export const auditLogs = pgTable('audit_logs', { id: bigserial('id', { mode: 'number' }).primaryKey(), ...auditColumns() }, (t) => [
  index('audit_logs_created_idx').on(t.createdAt, t.id),
  index('audit_logs_actor_idx').on(t.actorId, t.createdAt),
  index('audit_logs_target_idx').on(t.targetType, t.targetId),
]);

/**
 * Audit rows older than the archiving setting (modules/backup/archiving.ts), moved out of the hot table with their
 * ids; the audit list reads both. Same columns, so a row moves with `insert … select` unchanged.
 */
export const auditLogsArchive = pgTable('audit_logs_archive', { id: bigint('id', { mode: 'number' }).primaryKey(), ...auditColumns() }, (t) => [
  index('audit_logs_archive_created_idx').on(t.createdAt, t.id),
  index('audit_logs_archive_actor_idx').on(t.actorId, t.createdAt),
  index('audit_logs_archive_target_idx').on(t.targetType, t.targetId),
]);

/** Small key/value facts about this database (demo data seeded, …). */
export const systemMeta = pgTable('system_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Work for the job runner (core/jobs.ts), kept in the database: `key` is unique so a period's job is created once
 * whichever server schedules it; a runner claims a job with a lease (`lockedUntil`), and a job whose lease ran out
 * (crashed runner) is claimed again. Every domain's scheduled work (marketing's coupons, backups, archiving) is here.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    runAt: ts('run_at').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error').notNull().default(''),
    result: jsonb('result'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('jobs_key').on(t.key), index('jobs_due_idx').on(t.status, t.runAt), index('jobs_kind_idx').on(t.kind, t.id)],
);

/** Members ("vip"): the minimal identity other domains refer to; the member domain extends it. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    userCode: text('user_code').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    loginSource: text('login_source').notNull().default('password'),
    /** The member's Discord account (from a site's Discord sign-in); shown in full only with query_discord verification. */
    discordId: text('discord_id').notNull().default(''),
    status: text('status').notNull().default('activity'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('members_user_code_key').on(t.userCode)],
);
