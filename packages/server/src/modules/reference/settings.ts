import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@waystation/shared/contract/common';
import {
  VERSION_PATTERN,
  type AppVersion,
  type AppVersionInfo,
  type AppVersionSaveBody,
  type BatchQueryConfigDataBody,
  type BatchSaveConfigDataBody,
  type Param,
  type ParamAddBody,
  type ParamEditBody,
  type ParamListQuery,
} from '@waystation/shared/contract/reference';
import type { Db } from '../../db';
import { appVersions, configData, params } from '../../db/schema';
import { type Actor, auditedSave, writeAudit } from '../../core/audit';
import { invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, orderBy, filters, offsetPage } from '../../core/paging';
import { isActive } from '../../core/status';

type Status = 'activity' | 'disabled';

// ---------------------------------------------------------------- params

/**
 * A numeric system parameter as the code reads it (参数设置): its value when the row is active and a finite number
 * within [min, max], else `fallback` (a missing, disabled or mistyped setting never stops an order).
 */
export async function numberParam(db: Db, key: string, fallback: number, range: { min?: number; max?: number } = {}): Promise<number> {
  const [row] = await db
    .select({ value: params.paramValue })
    .from(params)
    .where(and(eq(params.paramKey, key), eq(params.status, 'activity')))
    .limit(1);
  const text = row?.value.trim() ?? '';
  const n = Number(text);
  if (!text || !Number.isFinite(n) || n < (range.min ?? Number.NEGATIVE_INFINITY) || n > (range.max ?? Number.POSITIVE_INFINITY)) return fallback;
  return n;
}

/** A text system parameter (参数设置): its trimmed value when the row is active and not empty, else `fallback`. */
export async function textParam(db: Db, key: string, fallback: string): Promise<string> {
  const [row] = await db
    .select({ value: params.paramValue })
    .from(params)
    .where(and(eq(params.paramKey, key), eq(params.status, 'activity')))
    .limit(1);
  return row?.value.trim() || fallback;
}

const toParam = (r: typeof params.$inferSelect): Param => ({
  id: r.id,
  paramKey: r.paramKey,
  paramValue: r.paramValue,
  name: r.name,
  remark: r.remark,
  status: r.status as Status,
  createTime: r.createdAt.toISOString(),
  modifyTime: r.updatedAt.toISOString(),
});

export async function listParams(db: Db, q: ParamListQuery): Promise<Page<Param>> {
  const { rows, total } = await offsetPage(db, {
    table: params,
    select: db.select().from(params).$dynamic(),
    filter: filters(q, {
      keyword: (k) => or(ilike(params.paramKey, containsPattern(k)), ilike(params.name, containsPattern(k))),
      status: (s) => eq(params.status, s),
    }),
    orderBy: orderBy(q.sort, q.order, { id: params.id, create_time: params.createdAt, modify_time: params.updatedAt }, params.id),
    q,
  });
  return { list: rows.map(toParam), total };
}

export async function addParam(db: Db, actor: Actor, input: z.output<typeof ParamAddBody>, now: Date): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [after] = await tx
        .insert(params)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      await writeAudit(tx, actor, { action: 'param.create', targetType: 'param', targetId: after.id, after }, now);
      return { id: after.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('paramKey', '参数键已存在');
    throw err;
  }
}

export async function editParam(db: Db, actor: Actor, input: z.output<typeof ParamEditBody>, now: Date): Promise<void> {
  const { id, ...fields } = input;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(params).where(eq(params.id, id)).limit(1);
      if (!before) throw notFound('参数不存在');
      const [after] = await tx
        .update(params)
        .set({ ...fields, updatedAt: now })
        .where(eq(params.id, id))
        .returning();
      await writeAudit(tx, actor, { action: 'param.update', targetType: 'param', targetId: id, before, after }, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('paramKey', '参数键已存在');
    throw err;
  }
}

export async function modifyParamStatus(db: Db, actor: Actor, id: number, status: Status, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(params).where(eq(params.id, id)).limit(1);
    if (!before) throw notFound('参数不存在');
    await tx.update(params).set({ status, updatedAt: now }).where(eq(params.id, id));
    await writeAudit(tx, actor, { action: 'param.status', targetType: 'param', targetId: id, before: { status: before.status }, after: { status } }, now);
  });
}

// ---------------------------------------------------------------- app versions

export function versionCode(version: string): number {
  if (!VERSION_PATTERN.test(version)) throw invalid('version', '版本号格式为 1.2.3');
  const [a, b, c] = version.split('.').map(Number);
  return a * 1_000_000 + b * 1_000 + c;
}

const toVersion = (r: typeof appVersions.$inferSelect): AppVersion => ({
  id: r.id,
  platform: r.platform,
  version: r.version,
  forceUpdate: r.forceUpdate,
  downloadUrl: r.downloadUrl,
  releaseNotes: r.releaseNotes,
  status: r.status as Status,
  createTime: r.createdAt.toISOString(),
});

/** Every version newest first, and per platform the newest enabled one (what the apps are told to update to). */
export async function versionInfo(db: Db, platform?: string): Promise<AppVersionInfo> {
  const rows = await db
    .select()
    .from(appVersions)
    .where(platform ? eq(appVersions.platform, platform) : undefined)
    .orderBy(desc(appVersions.versionCode), desc(appVersions.id));
  const latest: Record<string, AppVersion> = {};
  for (const r of rows) if (isActive(r) && !latest[r.platform]) latest[r.platform] = toVersion(r);
  return { list: rows.map(toVersion), latest };
}

/** Adds a release (must be newer than the platform's newest) or edits one's notes, link, force flag and status. */
export async function saveVersion(db: Db, actor: Actor, input: z.output<typeof AppVersionSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, ...fields } = input;
  const code = versionCode(fields.version);
  try {
    return await db.transaction(async (tx) => {
      if (!id) {
        const [newest] = await tx.select().from(appVersions).where(eq(appVersions.platform, fields.platform)).orderBy(desc(appVersions.versionCode)).limit(1);
        if (newest && newest.versionCode >= code) throw invalid('version', `版本号必须大于当前最新版本 ${newest.version}`);
      }
      const saved = await auditedSave(tx, actor, {
        table: appVersions,
        id,
        fields,
        insert: { versionCode: code },
        action: { create: 'appVersion.create', update: 'appVersion.update' },
        targetType: 'appVersion',
        notFound: '版本不存在',
        check: (before) => {
          if (before.platform !== fields.platform || before.version !== fields.version) throw invalid('version', '已发布版本的平台和版本号不能修改');
        },
        now,
      });
      return { id: saved.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('version', '该版本已存在');
    throw err;
  }
}

// ---------------------------------------------------------------- batch config data

export async function batchSaveConfigData(db: Db, actor: Actor, input: z.output<typeof BatchSaveConfigDataBody>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const keys = input.list.map((i) => i.dataKey);
    if (new Set(keys).size !== keys.length) throw invalid('list', '数据键不能重复');
    const before = await tx
      .select()
      .from(configData)
      .where(and(eq(configData.groupKey, input.groupKey), inArray(configData.dataKey, keys)));
    for (const item of input.list) {
      await tx
        .insert(configData)
        .values({ groupKey: input.groupKey, dataKey: item.dataKey, value: item.value as object, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [configData.groupKey, configData.dataKey], set: { value: item.value as object, updatedAt: now } });
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'configData.save',
        targetType: 'configData',
        targetId: input.groupKey,
        before: Object.fromEntries(before.map((b) => [b.dataKey, b.value])),
        after: Object.fromEntries(input.list.map((i) => [i.dataKey, i.value])),
      },
      now,
    );
  });
}

export async function batchQueryConfigData(db: Db, q: z.output<typeof BatchQueryConfigDataBody>) {
  const conds: SQL[] = [eq(configData.groupKey, q.groupKey)];
  if (q.dataKeys?.length) conds.push(inArray(configData.dataKey, q.dataKeys));
  const rows = await db
    .select()
    .from(configData)
    .where(and(...conds))
    .orderBy(asc(configData.dataKey));
  return rows.map((r) => ({ dataKey: r.dataKey, value: r.value, modifyTime: r.updatedAt.toISOString() }));
}

export async function configDataGroups(db: Db) {
  return db.select({ groupKey: configData.groupKey, count: count() }).from(configData).groupBy(configData.groupKey).orderBy(asc(configData.groupKey));
}
