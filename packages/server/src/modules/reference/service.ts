import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Country,
  CountrySaveBody,
  Currency,
  CurrencySaveBody,
  InitData,
  Region,
  ReferenceListQuery,
  RegionSaveBody,
} from '@waystation/shared/contract/reference';
import * as accountVocab from '@waystation/shared/vocab/account';
import * as goodsInVocab from '@waystation/shared/vocab/goods-in';
import * as configVocab from '@waystation/shared/vocab/config-content';
import type { Db } from '../../db';
import { countries, currencies, regions } from '../../db/schema';
import { type Actor, auditedSave, writeAudit } from '../../core/audit';
import { invalid, isUniqueViolation } from '../../core/errors';
import { containsPattern } from '../../core/paging';

type Status = 'activity' | 'disabled';

// ---------------------------------------------------------------- shopping/initData

interface VocabLike {
  entries: readonly { value: string; zh: string; en: string }[];
  label: unknown;
}
const isVocab = (v: unknown): v is VocabLike =>
  !!v && typeof v === 'object' && Array.isArray((v as VocabLike).entries) && typeof (v as VocabLike).label === 'function';

/** Every shared vocabulary (SPEC §4 statuses, marketplaces, sources, configuration lists) with its labels. */
export function initData(): InitData {
  const out: InitData = {};
  for (const mod of [accountVocab, goodsInVocab, configVocab] as Record<string, unknown>[]) {
    for (const [name, v] of Object.entries(mod)) {
      if (isVocab(v)) out[name[0].toLowerCase() + name.slice(1)] = v.entries.map((e) => ({ value: e.value, label: e.zh, labelEn: e.en }));
    }
  }
  return out;
}

// ---------------------------------------------------------------- currencies

const toCurrency = (r: typeof currencies.$inferSelect): Currency => ({
  code: r.code,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  symbol: r.symbol,
  minorDigits: r.minorDigits,
  rate: r.rate,
  status: r.status as Status,
  sort: r.sort,
  modifyTime: r.updatedAt.toISOString(),
});

export async function listCurrencies(db: Db, q: ReferenceListQuery, enabledOnly = false): Promise<Currency[]> {
  const conds: SQL[] = [];
  if (enabledOnly || q.status) conds.push(eq(currencies.status, enabledOnly ? 'activity' : q.status!));
  if (q.keyword)
    conds.push(
      or(
        ilike(currencies.code, containsPattern(q.keyword)),
        ilike(currencies.nameZh, containsPattern(q.keyword)),
        ilike(currencies.nameEn, containsPattern(q.keyword)),
      )!,
    );
  const rows = await db
    .select()
    .from(currencies)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(currencies.sort), asc(currencies.code));
  return rows.map(toCurrency);
}

/** Creates or updates a currency by code; CNY's rate stays 1 (every rate is "CNY per unit"). */
export async function saveCurrency(db: Db, actor: Actor, input: z.output<typeof CurrencySaveBody>, now: Date): Promise<void> {
  if (input.code === 'CNY' && Number(input.rate) !== 1) throw invalid('rate', '人民币汇率固定为1');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(currencies).where(eq(currencies.code, input.code)).limit(1);
    const [after] = before
      ? await tx
          .update(currencies)
          .set({ ...input, updatedAt: now })
          .where(eq(currencies.code, input.code))
          .returning()
      : await tx
          .insert(currencies)
          .values({ ...input, createdAt: now, updatedAt: now })
          .returning();
    await writeAudit(
      tx,
      actor,
      { action: before ? 'currency.update' : 'currency.create', targetType: 'currency', targetId: input.code, before: before ?? null, after },
      now,
    );
  });
}

// ---------------------------------------------------------------- regions

const toRegion = (r: typeof regions.$inferSelect): Region => ({
  id: r.id,
  code: r.code,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  status: r.status as Status,
  sort: r.sort,
});

export async function listRegions(db: Db, enabledOnly: boolean): Promise<Region[]> {
  const rows = await db
    .select()
    .from(regions)
    .where(enabledOnly ? eq(regions.status, 'activity') : undefined)
    .orderBy(asc(regions.sort), asc(regions.id));
  return rows.map(toRegion);
}

export async function saveRegion(db: Db, actor: Actor, input: z.output<typeof RegionSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, ...fields } = input;
  try {
    const saved = await db.transaction((tx) =>
      auditedSave(tx, actor, {
        table: regions,
        id,
        fields,
        action: { create: 'region.create', update: 'region.update' },
        targetType: 'region',
        notFound: '区域不存在',
        now,
      }),
    );
    return { id: saved.id };
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('code', '区域代码已存在');
    throw err;
  }
}

// ---------------------------------------------------------------- countries

const toCountry = (r: typeof countries.$inferSelect): Country => ({
  code: r.code,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  regionId: r.regionId,
  status: r.status as Status,
  sort: r.sort,
});

export async function listCountries(db: Db, q: ReferenceListQuery): Promise<Country[]> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(countries.status, q.status));
  if (q.keyword)
    conds.push(
      or(
        ilike(countries.code, containsPattern(q.keyword)),
        ilike(countries.nameZh, containsPattern(q.keyword)),
        ilike(countries.nameEn, containsPattern(q.keyword)),
      )!,
    );
  const rows = await db
    .select()
    .from(countries)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(countries.sort), asc(countries.code));
  return rows.map(toCountry);
}

/** Creates or updates a country by its ISO code; its region must exist. */
export async function saveCountry(db: Db, actor: Actor, input: z.output<typeof CountrySaveBody>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.regionId !== null) {
      const [r] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, input.regionId)).limit(1);
      if (!r) throw invalid('regionId', '区域不存在');
    }
    const [before] = await tx.select().from(countries).where(eq(countries.code, input.code)).limit(1);
    const [after] = before
      ? await tx
          .update(countries)
          .set({ ...input, updatedAt: now })
          .where(eq(countries.code, input.code))
          .returning()
      : await tx
          .insert(countries)
          .values({ ...input, createdAt: now, updatedAt: now })
          .returning();
    await writeAudit(
      tx,
      actor,
      { action: before ? 'country.update' : 'country.create', targetType: 'country', targetId: input.code, before: before ?? null, after },
      now,
    );
  });
}
