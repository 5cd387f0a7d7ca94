import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Audience, ResourceTask, SaveSpaceBody, SaveTaskBody } from '@waystation/shared/contract/marketing/resources';
import type { SaveSpaceBody as SpaceSchema, SaveTaskBody as TaskSchema } from '@waystation/shared/contract/marketing/resources';
import type { Db } from '../../db';
import { resourceSpaces, resourceTasks } from '../../db/schema';
import { auditedToggle, writeAudit, type Actor } from '../../core/audit';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage } from '../../core/paging';
import { memberByCode } from './common';
import { isActive } from '../../core/status';

type TaskRow = typeof resourceTasks.$inferSelect;

const isLive = (t: TaskRow, now: Date) => isActive(t) && t.startAt <= now && now < t.endAt;

function toTask(t: TaskRow, now: Date): ResourceTask {
  return {
    id: t.id,
    spaceId: t.spaceId,
    title: t.title,
    content: t.content,
    imageUrl: t.imageUrl,
    linkUrl: t.linkUrl,
    startAt: t.startAt.toISOString(),
    endAt: t.endAt.toISOString(),
    audience: t.audience as Audience,
    priority: t.priority,
    status: t.status as ResourceTask['status'],
    live: isLive(t, now),
    modifyTime: t.updatedAt.toISOString(),
  };
}

export async function listSpaces(db: Db, q: { page: number; limit: number; name?: string; position?: string; status?: string }, now: Date) {
  const { rows, total: n } = await offsetPage(db, {
    table: resourceSpaces,
    select: db.select().from(resourceSpaces).$dynamic(),
    filter: filters(q, {
      name: (name) => ilike(resourceSpaces.name, containsPattern(name)),
      position: (p) => eq(resourceSpaces.position, p),
      status: (s) => eq(resourceSpaces.status, s),
    }),
    orderBy: [asc(resourceSpaces.id)],
    q,
  });
  const counts = rows.length
    ? await db
        .select({
          spaceId: resourceTasks.spaceId,
          n: sql<number>`count(*)::int`,
          live: sql<number>`count(*) filter (where ${resourceTasks.status} = 'activity' and ${resourceTasks.startAt} <= ${now.toISOString()}::timestamptz and ${resourceTasks.endAt} > ${now.toISOString()}::timestamptz)::int`,
        })
        .from(resourceTasks)
        .where(
          inArray(
            resourceTasks.spaceId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(resourceTasks.spaceId)
    : [];
  const by = new Map(counts.map((c) => [c.spaceId, c]));
  return {
    total: n,
    list: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      position: r.position as never,
      width: r.width,
      height: r.height,
      maxItems: r.maxItems,
      status: r.status as never,
      remark: r.remark,
      taskCount: by.get(r.id)?.n ?? 0,
      liveCount: by.get(r.id)?.live ?? 0,
      modifyTime: r.updatedAt.toISOString(),
    })),
  };
}

/** Creates or edits a resource slot; its code is unique. */
export async function saveSpace(db: Db, actor: Actor, body: SaveSpaceBody, now: Date): Promise<{ id: number }> {
  const b = body as z.output<typeof SpaceSchema>;
  const { id, ...values } = b;
  try {
    return await db.transaction(async (tx) => {
      let target = id;
      if (!target) {
        const [row] = await tx
          .insert(resourceSpaces)
          .values({ ...values, createdAt: now, updatedAt: now })
          .returning({ id: resourceSpaces.id });
        target = row.id;
      } else {
        const [row] = await tx
          .update(resourceSpaces)
          .set({ ...values, updatedAt: now })
          .where(eq(resourceSpaces.id, target))
          .returning({ id: resourceSpaces.id });
        if (!row) throw notFound('资源位不存在');
      }
      await writeAudit(
        tx,
        actor,
        { action: id ? 'marketing.space.edit' : 'marketing.space.create', targetType: 'resource_space', targetId: target, after: values },
        now,
      );
      return { id: target };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`资源位编码已存在：${b.code}`);
    throw err;
  }
}

export async function listTasks(db: Db, q: { page: number; limit: number; spaceId: number; status?: string }, now: Date) {
  const { rows, total } = await offsetPage(db, {
    table: resourceTasks,
    select: db.select().from(resourceTasks).$dynamic(),
    filter: [eq(resourceTasks.spaceId, q.spaceId), ...filters(q, { status: (s) => eq(resourceTasks.status, s) })],
    orderBy: [desc(resourceTasks.priority), desc(resourceTasks.id)],
    q,
  });
  return { total, list: rows.map((r) => toTask(r, now)) };
}

/** Creates or edits a task of a slot. */
export async function saveTask(db: Db, actor: Actor, body: SaveTaskBody, now: Date): Promise<{ id: number }> {
  const b = body as z.output<typeof TaskSchema>;
  const { id, ...rest } = b;
  const values = { ...rest, startAt: new Date(b.startAt), endAt: new Date(b.endAt) };
  return db.transaction(async (tx) => {
    const [space] = await tx.select({ id: resourceSpaces.id }).from(resourceSpaces).where(eq(resourceSpaces.id, b.spaceId));
    if (!space) throw notFound('资源位不存在');
    let target = id;
    if (!target) {
      const [row] = await tx
        .insert(resourceTasks)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning({ id: resourceTasks.id });
      target = row.id;
    } else {
      const [row] = await tx
        .update(resourceTasks)
        .set({ ...values, updatedAt: now })
        .where(eq(resourceTasks.id, target))
        .returning({ id: resourceTasks.id });
      if (!row) throw notFound('资源位任务不存在');
    }
    await writeAudit(
      tx,
      actor,
      { action: id ? 'marketing.task.edit' : 'marketing.task.create', targetType: 'resource_task', targetId: target, after: rest },
      now,
    );
    return { id: target };
  });
}

export async function setTaskStatus(db: Db, actor: Actor, id: number, status: 'activity' | 'disabled', now: Date): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: resourceTasks.id, status: resourceTasks.status }).from(resourceTasks).where(eq(resourceTasks.id, id)).for('update');
    if (!before) throw notFound('资源位任务不存在');
    return auditedToggle(tx, actor, { table: resourceTasks, row: before, status, action: 'marketing.task.status', targetType: 'resource_task', now });
  });
}

/** Whether a task's audience includes a member (level, registration age). */
export function audienceIncludes(a: Audience, m: { levelId: number | null; createdAt: Date }, at: Date): boolean {
  if (a.type === 'levels') return m.levelId !== null && (a.levelIds ?? []).includes(m.levelId);
  if (a.type === 'newUser') return at.getTime() - m.createdAt.getTime() <= (a.newWithinDays ?? 7) * 86_400_000;
  return true;
}

/**
 * What a member sees at a moment: for each active slot, its live tasks whose audience includes the member,
 * highest priority first (newest first among equals), at most the slot's number of items.
 */
export async function previewFor(db: Db, userCode: string, at: Date) {
  const member = await memberByCode(db, userCode);
  const spaces = await db.select().from(resourceSpaces).where(eq(resourceSpaces.status, 'activity')).orderBy(asc(resourceSpaces.id));
  const tasks = spaces.length
    ? await db
        .select()
        .from(resourceTasks)
        .where(
          and(
            inArray(
              resourceTasks.spaceId,
              spaces.map((s) => s.id),
            ),
            eq(resourceTasks.status, 'activity'),
            sql`${resourceTasks.startAt} <= ${at.toISOString()}::timestamptz`,
            sql`${resourceTasks.endAt} > ${at.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(resourceTasks.priority), desc(resourceTasks.id))
    : [];
  return spaces.map((s) => ({
    spaceId: s.id,
    code: s.code,
    name: s.name,
    position: s.position as never,
    tasks: tasks
      .filter((t) => t.spaceId === s.id && audienceIncludes(t.audience as Audience, member, at))
      .slice(0, s.maxItems)
      .map((t) => toTask(t, at)),
  }));
}
