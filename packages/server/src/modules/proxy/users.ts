import { asc, desc, eq, ilike } from 'drizzle-orm';
import type { SecretBox } from '../../core/secrets';
import type { Page } from '@waystation/shared/contract/common';
import type { AgentUser, SaveAgentUserBody, SaveTerminalItemBody, TerminalItem, TerminalSection } from '@waystation/shared/contract/proxy';
import type { AccountStatus } from '@waystation/shared/vocab/account';
import type { Db } from '../../db';
import { agentTerminalItems, agentUsers, agents } from '../../db/schema';
import { type Actor, auditedSave, auditedToggle, writeAudit } from '../../core/audit';
import { conflict, invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage } from '../../core/paging';

// ---------------------------------------------------------------- agent users

export async function listAgentUsers(
  db: Db,
  q: { page: number; limit: number; agentId?: number; username?: string; status?: AccountStatus },
): Promise<Page<AgentUser>> {
  const { rows, total } = await offsetPage(db, {
    table: agentUsers,
    select: db.select({ u: agentUsers, agentName: agents.agentName }).from(agentUsers).leftJoin(agents, eq(agents.id, agentUsers.agentId)).$dynamic(),
    filter: filters(q, {
      agentId: (a) => eq(agentUsers.agentId, a),
      username: (u) => ilike(agentUsers.username, containsPattern(u)),
      status: (s) => eq(agentUsers.status, s),
    }),
    orderBy: [desc(agentUsers.id)],
    q,
  });
  return {
    list: rows.map(({ u, agentName }) => ({
      id: u.id,
      agentId: u.agentId,
      agentName: agentName ?? '',
      username: u.username,
      name: u.name,
      email: u.email,
      status: u.status as AccountStatus,
      app: (u.appConfig ?? {}) as Record<string, string>,
      createTime: u.createdAt.toISOString(),
    })),
    total,
  };
}

export async function saveAgentUser(db: Db, actor: Actor, body: SaveAgentUserBody, now: Date): Promise<{ id: number }> {
  const [a] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, body.agentId));
  if (!a) throw invalid('agentId', '代理不存在');
  const values = { agentId: body.agentId, username: body.username, name: body.name ?? '', email: body.email ?? '', updatedAt: now };
  try {
    return await db.transaction(async (tx) => {
      const { id } = await auditedSave(tx, actor, {
        table: agentUsers,
        id: body.id,
        fields: values,
        action: { create: 'agentUser.create', update: 'agentUser.save' },
        targetType: 'agent_user',
        notFound: '代理用户不存在',
        after: values,
        now,
      });
      return { id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('用户名已存在');
    throw err;
  }
}

export async function saveAgentAppUser(db: Db, actor: Actor, body: { id: number; app: Record<string, string> }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [u] = await tx.select().from(agentUsers).where(eq(agentUsers.id, body.id));
    if (!u) throw notFound('代理用户不存在');
    await tx.update(agentUsers).set({ appConfig: body.app, updatedAt: now }).where(eq(agentUsers.id, body.id));
    await writeAudit(tx, actor, { action: 'agentUser.saveApp', targetType: 'agent_user', targetId: body.id, before: u.appConfig, after: body.app }, now);
  });
}

export async function modifyAgentUserStatus(db: Db, actor: Actor, q: { id: number; status: AccountStatus }, now: Date): Promise<void> {
  const [u] = await db.select().from(agentUsers).where(eq(agentUsers.id, q.id));
  if (!u) throw notFound('代理用户不存在');
  await auditedToggle(db, actor, { table: agentUsers, row: u, status: q.status, action: 'agentUser.modifyStatus', targetType: 'agent_user', now });
}

// ---------------------------------------------------------------- agent terminal pages

/** Agent bot tokens (botManage) are sealed at rest and never returned: the list shows that one is set. */
const SECRET_FIELDS: Partial<Record<TerminalSection, string[]>> = { botManage: ['token'] };
const maskValue = (section: TerminalSection, value: Record<string, string>) => {
  const out = { ...value };
  for (const k of SECRET_FIELDS[section] ?? []) out[k] = out[k] ? '••••••••' : '';
  return out;
};

export async function listTerminalItems(db: Db, q: { page: number; limit: number; section: TerminalSection; name?: string }): Promise<Page<TerminalItem>> {
  const { rows, total } = await offsetPage(db, {
    table: agentTerminalItems,
    select: db.select().from(agentTerminalItems).$dynamic(),
    filter: [eq(agentTerminalItems.section, q.section), ...filters(q, { name: (n) => ilike(agentTerminalItems.name, containsPattern(n)) })],
    orderBy: [asc(agentTerminalItems.sort), asc(agentTerminalItems.id)],
    q,
  });
  return {
    list: rows.map((r) => ({
      id: r.id,
      section: r.section as TerminalSection,
      name: r.name,
      value: maskValue(r.section as TerminalSection, r.value as Record<string, string>),
      status: r.status as AccountStatus,
      sort: r.sort,
      modifyTime: r.updatedAt.toISOString(),
    })),
    total,
  };
}

export async function saveTerminalItem(db: Db, secrets: SecretBox, actor: Actor, body: SaveTerminalItemBody, now: Date): Promise<{ id: number }> {
  const value: Record<string, string> = { ...(body.value as Record<string, string>) };
  return db.transaction(async (tx) => {
    const [before] = body.id ? await tx.select().from(agentTerminalItems).where(eq(agentTerminalItems.id, body.id)) : [];
    if (body.id && (!before || before.section !== body.section)) throw notFound('配置不存在');
    for (const k of SECRET_FIELDS[body.section] ?? []) {
      // Empty on edit keeps the stored secret; a new one is sealed.
      if (!value[k]) value[k] = before ? ((before.value as Record<string, string>)[k] ?? '') : '';
      else if (!value[k].startsWith('enc:')) value[k] = secrets.seal(value[k]);
    }
    const values = { section: body.section, name: body.name, value, status: body.status ?? 'activity', sort: body.sort ?? 0, updatedAt: now };
    const audited = { ...values, value: maskValue(body.section, value) };
    if (body.id) {
      await tx.update(agentTerminalItems).set(values).where(eq(agentTerminalItems.id, body.id));
      await writeAudit(
        tx,
        actor,
        {
          action: 'agentTerminal.save',
          targetType: body.section,
          targetId: body.id,
          before: { ...before, value: maskValue(body.section, before.value as Record<string, string>) },
          after: audited,
        },
        now,
      );
      return { id: body.id };
    }
    const [row] = await tx
      .insert(agentTerminalItems)
      .values({ ...values, createdAt: now })
      .returning({ id: agentTerminalItems.id });
    await writeAudit(tx, actor, { action: 'agentTerminal.save', targetType: body.section, targetId: row.id, after: audited }, now);
    return row;
  });
}

export async function deleteTerminalItem(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(agentTerminalItems).where(eq(agentTerminalItems.id, id)).returning();
    if (!before) throw notFound('配置不存在');
    await writeAudit(
      tx,
      actor,
      {
        action: 'agentTerminal.delete',
        targetType: before.section,
        targetId: id,
        before: { ...before, value: maskValue(before.section as TerminalSection, before.value as Record<string, string>) },
      },
      now,
    );
  });
}
