import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@waystation/shared/contract/common';
import type { Agreement, AgreementContentBody, AgreementDetail, AgreementListQuery, AgreementSaveBody } from '@waystation/shared/contract/config';
import type { Db } from '../../db';
import { agreements, agreementVersions } from '../../db/schema';
import { type Actor, auditedSave, writeAudit } from '../../core/audit';
import { invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage, orderBy } from '../../core/paging';

const toAgreement = (r: typeof agreements.$inferSelect): Agreement => ({
  id: r.id,
  code: r.code,
  title: r.title,
  appId: r.appId,
  requireAccept: r.requireAccept,
  currentVersion: r.currentVersion,
  status: r.status as 'activity' | 'disabled',
  sort: r.sort,
  modifyTime: r.updatedAt.toISOString(),
});

export async function listAgreements(db: Db, q: AgreementListQuery): Promise<Page<Agreement>> {
  const { rows, total } = await offsetPage(db, {
    table: agreements,
    select: db.select().from(agreements).$dynamic(),
    filter: filters(q, {
      appId: (a) => eq(agreements.appId, a),
      keyword: (k) => or(ilike(agreements.title, containsPattern(k)), ilike(agreements.code, containsPattern(k))),
    }),
    orderBy: orderBy(q.sort ?? 'sort', q.order ?? 'asc', { id: agreements.id, sort: agreements.sort, modify_time: agreements.updatedAt }, agreements.id),
    q,
  });
  return { list: rows.map(toAgreement), total };
}

/** Creates or edits an agreement's title, code and acceptance rule (content is versioned separately). */
export async function saveAgreement(db: Db, actor: Actor, input: z.output<typeof AgreementSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, ...fields } = input;
  try {
    const saved = await db.transaction((tx) =>
      auditedSave(tx, actor, {
        table: agreements,
        id,
        fields,
        action: { create: 'agreement.create', update: 'agreement.update' },
        targetType: 'agreement',
        notFound: '协议不存在',
        now,
      }),
    );
    return { id: saved.id };
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('code', '该终端下协议代码已存在');
    throw err;
  }
}

/**
 * Publishes new content as the next version. Members who accepted an older version are asked again when
 * the agreement requires acceptance; identical content is refused so a version always means a change.
 */
export async function publishAgreementVersion(db: Db, actor: Actor, input: z.output<typeof AgreementContentBody>, now: Date): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    // Row lock: two editors publishing at once get consecutive versions, never the same one.
    const [row] = await tx.select().from(agreements).where(eq(agreements.id, input.id)).for('update').limit(1);
    if (!row) throw notFound('协议不存在');
    if (row.currentVersion) {
      const [cur] = await tx
        .select()
        .from(agreementVersions)
        .where(and(eq(agreementVersions.agreementId, row.id), eq(agreementVersions.version, row.currentVersion)));
      if (cur?.content === input.content) throw invalid('content', '内容与当前版本相同');
    }
    const version = row.currentVersion + 1;
    await tx
      .insert(agreementVersions)
      .values({ agreementId: row.id, version, content: input.content, changeNote: input.changeNote, publishedBy: actor.name, createdAt: now });
    await tx.update(agreements).set({ currentVersion: version, updatedAt: now }).where(eq(agreements.id, row.id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'agreement.publish',
        targetType: 'agreement',
        targetId: row.id,
        before: { version: row.currentVersion },
        after: { version, changeNote: input.changeNote },
      },
      now,
    );
    return { version };
  });
}

export async function agreementDetail(db: Db, id: number, version?: number): Promise<AgreementDetail> {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, id)).limit(1);
  if (!row) throw notFound('协议不存在');
  const versions = await db.select().from(agreementVersions).where(eq(agreementVersions.agreementId, id)).orderBy(desc(agreementVersions.version));
  const want = version ?? row.currentVersion;
  const chosen = versions.find((v) => v.version === want);
  if (version && !chosen) throw notFound('协议版本不存在');
  return {
    ...toAgreement(row),
    version: chosen?.version ?? null,
    content: chosen?.content ?? '',
    versions: versions.map((v) => ({ version: v.version, changeNote: v.changeNote, publishedBy: v.publishedBy, createTime: v.createdAt.toISOString() })),
  };
}
