import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { agreements, agreementVersions, faqs, helpArticles, helpCategories, memberAgreementAccepts, tipsConfigs } from '../../db/schema';
import { conflict, notFound } from '../../core/errors';
import { versionCode, versionInfo } from '../reference/settings';
import { isActive } from '../../core/status';

/**
 * What staff edit for the terminals, as the member site and app read it (issue 13.3): tips texts per terminal and
 * language, the help centre, current agreements (and which a member still has to accept), app versions. Read-only.
 */

/** Enabled tips of a terminal, in the reader's language when a translation exists. */
export async function terminalTips(db: Db, appId: number, lang?: string) {
  const rows = await db
    .select()
    .from(tipsConfigs)
    .where(and(eq(tipsConfigs.appId, appId), eq(tipsConfigs.status, 'activity')))
    .orderBy(asc(tipsConfigs.tipsKey));
  return {
    list: rows.map((r) => {
      const translations = r.translations as Record<string, string>;
      const text = (lang && (translations[lang] || translations[lang.slice(0, 2)])) || r.tipsText;
      return { tipsKey: r.tipsKey, text, images: (r.images as { url?: string }[] | string[]).map((i) => (typeof i === 'string' ? i : (i.url ?? ''))) };
    }),
  };
}

/** The enabled FAQ entries in their order (of one category when asked), each in the reader's language when translated. */
export async function terminalFaq(db: Db, lang?: string, category?: string) {
  const rows = await db
    .select()
    .from(faqs)
    .where(and(eq(faqs.status, 'activity'), category ? eq(faqs.category, category) : undefined))
    .orderBy(asc(faqs.sort), asc(faqs.id));
  return {
    list: rows.map((r) => {
      const translations = r.translations as Record<string, { question?: string; answer?: string }>;
      const t = lang ? (translations[lang] ?? translations[lang.slice(0, 2)]) : undefined;
      // A half-translated entry is shown in the original: a question in one language and its answer in another reads worse.
      const translated = t?.question?.trim() && t.answer?.trim() ? t : undefined;
      return { id: r.id, category: r.category, question: translated?.question ?? r.question, answer: translated?.answer ?? r.answer };
    }),
  };
}

/** Enabled categories (two levels) with their published articles' titles. */
export async function helpTree(db: Db) {
  const cats = await db.select().from(helpCategories).where(eq(helpCategories.status, 'activity')).orderBy(asc(helpCategories.sort), asc(helpCategories.id));
  const arts = await db
    .select({ id: helpArticles.id, title: helpArticles.title, categoryId: helpArticles.categoryId })
    .from(helpArticles)
    .where(eq(helpArticles.status, 'published'))
    .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
  const node = (c: (typeof cats)[number]) => ({
    id: c.id,
    name: c.name,
    nameEn: c.nameEn,
    articles: arts.filter((a) => a.categoryId === c.id).map(({ id, title }) => ({ id, title })),
  });
  const ids = new Set(cats.map((c) => c.id));
  return {
    list: cats.filter((c) => !c.parentId || !ids.has(c.parentId)).map((c) => ({ ...node(c), children: cats.filter((k) => k.parentId === c.id).map(node) })),
  };
}

export async function helpArticle(db: Db, id: number) {
  const [a] = await db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.id, id), eq(helpArticles.status, 'published')));
  if (!a) throw notFound('文章不存在');
  return { id: a.id, title: a.title, html: a.contentHtml, publishedTime: a.publishedAt?.toISOString() ?? null };
}

/** Each enabled agreement of a terminal at its current version. */
export async function currentAgreements(db: Db, appId: number) {
  const rows = await db
    .select({ a: agreements, content: agreementVersions.content })
    .from(agreements)
    .innerJoin(agreementVersions, and(eq(agreementVersions.agreementId, agreements.id), eq(agreementVersions.version, agreements.currentVersion)))
    .where(and(eq(agreements.appId, appId), eq(agreements.status, 'activity')))
    .orderBy(asc(agreements.sort), asc(agreements.id));
  return { list: rows.map(({ a, content }) => ({ code: a.code, title: a.title, version: a.currentVersion, requireAccept: a.requireAccept, content })) };
}

/** The current versions a member must accept and has not yet. */
export async function pendingAgreements(db: Db, memberId: number) {
  const current = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.appId, 1), eq(agreements.status, 'activity'), eq(agreements.requireAccept, true)));
  const accepted = await db.select().from(memberAgreementAccepts).where(eq(memberAgreementAccepts.memberId, memberId));
  return {
    list: current
      .filter((a) => a.currentVersion > 0 && !accepted.some((x) => x.agreementId === a.id && x.version === a.currentVersion))
      .map((a) => ({ code: a.code, title: a.title, version: a.currentVersion })),
  };
}

/** "I accept this version": only the current one; accepting again changes nothing. */
export async function acceptAgreement(db: Db, memberId: number, code: string, version: number, now: Date) {
  const [a] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.appId, 1), eq(agreements.code, code), eq(agreements.status, 'activity')));
  if (!a) throw notFound('协议不存在');
  if (a.currentVersion !== version) throw conflict(`协议已更新到第 ${a.currentVersion} 版，请阅读后再同意`, { currentVersion: a.currentVersion });
  await db.insert(memberAgreementAccepts).values({ memberId, agreementId: a.id, version, acceptedAt: now }).onConflictDoNothing();
  return pendingAgreements(db, memberId);
}

/** The newest enabled release of a platform, and whether the caller's version must (or may) update. */
export async function appVersionCheck(db: Db, platform: string, current?: string) {
  const { list } = await versionInfo(db, platform);
  const enabled = list.filter((v) => isActive(v));
  const latest = enabled[0] ?? null;
  const mine = current ? versionCode(current) : null;
  const newer = mine === null ? [] : enabled.filter((v) => versionCode(v.version) > mine);
  return {
    latest: latest && { version: latest.version, forceUpdate: latest.forceUpdate, downloadUrl: latest.downloadUrl, releaseNotes: latest.releaseNotes },
    updateAvailable: newer.length > 0,
    // A forced release anywhere above the caller's version makes the update a must.
    mustUpdate: newer.some((v) => v.forceUpdate),
  };
}
