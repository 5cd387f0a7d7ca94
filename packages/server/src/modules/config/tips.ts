import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@waystation/shared/contract/common';
import type { BatchTipsConfigBody, Faq, FaqListQuery, FaqSaveBody, SaveTipsConfigBody, TipsEntry } from '@waystation/shared/contract/config';
import { TRANSLATION_LANGUAGES } from '@waystation/shared/vocab/config-content';
import type { Db } from '../../db';
import { faqs, tipsConfigs } from '../../db/schema';
import { type Actor, auditedSave, writeAudit } from '../../core/audit';
import type { Caller } from '../../core/auth';
import { forbidden, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage, orderBy } from '../../core/paging';

type Status = 'activity' | 'disabled';

/** The permission that edits each terminal's texts. */
const APP_PERMISSION: Record<number, string> = { 1: 'system:vipTerminalConfig', 2: 'system:agentBackendConfig' };

export function assertAppPermission(caller: Caller, appId: number): void {
  if (!caller.permissions.has(APP_PERMISSION[appId])) throw forbidden();
}

const missing = (needTrans: boolean, translations: Record<string, string>) => (needTrans ? TRANSLATION_LANGUAGES.filter((l) => !translations[l]?.trim()) : []);

function toEntry(r: typeof tipsConfigs.$inferSelect): TipsEntry {
  const translations = r.translations as Record<string, string>;
  return {
    appId: r.appId,
    tipsKey: r.tipsKey,
    tipsText: r.tipsText,
    images: r.images as TipsEntry['images'],
    status: r.status as Status,
    needTrans: r.needTrans,
    translations,
    missingLangs: missing(r.needTrans, translations),
    saved: true,
    updatedBy: r.updatedBy,
    modifyTime: r.updatedAt.toISOString(),
  };
}

/** Reads the entries of the given keys for one terminal; a key never saved comes back with the SPEC defaults. */
export async function batchTips(db: Db, q: z.output<typeof BatchTipsConfigBody>): Promise<TipsEntry[]> {
  const keys = [...new Set(q.tipsKeys)];
  const rows = await db
    .select()
    .from(tipsConfigs)
    .where(and(eq(tipsConfigs.appId, q.appId), inArray(tipsConfigs.tipsKey, keys)));
  return keys.map((tipsKey) => {
    const row = rows.find((r) => r.tipsKey === tipsKey);
    if (row) return toEntry(row);
    return {
      appId: q.appId,
      tipsKey,
      tipsText: '',
      images: [],
      status: 'activity',
      needTrans: true,
      translations: {},
      missingLangs: [...TRANSLATION_LANGUAGES],
      saved: false,
      updatedBy: '',
      modifyTime: null,
    };
  });
}

/** Saves (upserts) config text entries of one terminal in one transaction, auditing each changed entry. */
export async function saveTips(db: Db, actor: Actor, input: z.output<typeof SaveTipsConfigBody>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const e of input.confList) {
      const [before] = await tx
        .select()
        .from(tipsConfigs)
        .where(and(eq(tipsConfigs.appId, input.appId), eq(tipsConfigs.tipsKey, e.tipsKey)))
        .limit(1);
      const values = {
        tipsText: e.tipsText,
        images: e.images,
        status: e.status,
        needTrans: e.needTrans,
        translations: e.translations,
        updatedBy: actor.name,
        updatedAt: now,
      };
      // Upsert: two editors saving a new key at once both succeed, the later one wins.
      const [after] = await tx
        .insert(tipsConfigs)
        .values({ appId: input.appId, tipsKey: e.tipsKey, ...values, createdAt: now })
        .onConflictDoUpdate({ target: [tipsConfigs.appId, tipsConfigs.tipsKey], set: values })
        .returning();
      await writeAudit(
        tx,
        actor,
        { action: 'tips.save', targetType: 'tips', targetId: `${input.appId}:${e.tipsKey}`, before: before ? toEntry(before) : null, after: toEntry(after) },
        now,
      );
    }
  });
}

/** Every saved entry of a terminal (the overview page shows which texts exist and which lack translations). */
export async function listTips(db: Db, appId: number): Promise<TipsEntry[]> {
  const rows = await db.select().from(tipsConfigs).where(eq(tipsConfigs.appId, appId)).orderBy(asc(tipsConfigs.tipsKey));
  return rows.map(toEntry);
}

// ---------------------------------------------------------------- FAQ

function toFaq(r: typeof faqs.$inferSelect): Faq {
  const translations = r.translations as Faq['translations'];
  return {
    id: r.id,
    category: r.category,
    question: r.question,
    answer: r.answer,
    translations,
    missingLangs: TRANSLATION_LANGUAGES.filter((l) => !translations[l]?.question?.trim() || !translations[l]?.answer?.trim()),
    sort: r.sort,
    status: r.status as Status,
    modifyTime: r.updatedAt.toISOString(),
  };
}

export async function listFaqs(db: Db, q: FaqListQuery): Promise<Page<Faq>> {
  const { rows, total } = await offsetPage(db, {
    table: faqs,
    select: db.select().from(faqs).$dynamic(),
    filter: filters(q, {
      keyword: (k) => or(ilike(faqs.question, containsPattern(k)), ilike(faqs.answer, containsPattern(k))),
      category: (c) => eq(faqs.category, c),
      status: (s) => eq(faqs.status, s),
    }),
    orderBy: orderBy(q.sort ?? 'sort', q.order ?? 'asc', { id: faqs.id, sort: faqs.sort, modify_time: faqs.updatedAt, create_time: faqs.createdAt }, faqs.id),
    q,
  });
  return { list: rows.map(toFaq), total };
}

export async function getFaq(db: Db, id: number): Promise<Faq> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
  if (!row) throw notFound('FAQ不存在');
  return toFaq(row);
}

export async function saveFaq(db: Db, actor: Actor, input: z.output<typeof FaqSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, ...fields } = input;
  const saved = await db.transaction((tx) =>
    auditedSave(tx, actor, { table: faqs, id, fields, action: { create: 'faq.create', update: 'faq.update' }, targetType: 'faq', notFound: 'FAQ不存在', now }),
  );
  return { id: saved.id };
}

export async function deleteFaq(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
    if (!before) throw notFound('FAQ不存在');
    await writeAudit(tx, actor, { action: 'faq.delete', targetType: 'faq', targetId: id, before }, now);
  });
}
