// The provinces of a country (remote-area fees).
import type { z } from 'zod';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Province, ProvinceListQuery, ProvinceSaveBody } from '@waystation/shared/contract/logistics';
import { decimalToMinor } from '@waystation/shared/contract/reference';
import type { Db } from '../../db';
import { countries, provinces } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern } from '../../core/paging';

const toProvince = (r: typeof provinces.$inferSelect): Province => ({
  id: r.id,
  countryCode: r.countryCode,
  code: r.code,
  nameZh: r.nameZh,
  nameEn: r.nameEn,
  remoteFee: r.remoteFee,
  status: r.status as Province['status'],
  sort: r.sort,
});

export async function listProvinces(db: Db, q: ProvinceListQuery): Promise<Province[]> {
  const conds: SQL[] = [eq(provinces.countryCode, q.countryCode)];
  if (q.keyword)
    conds.push(
      or(
        ilike(provinces.nameZh, containsPattern(q.keyword)),
        ilike(provinces.nameEn, containsPattern(q.keyword)),
        ilike(provinces.code, containsPattern(q.keyword)),
      )!,
    );
  const rows = await db
    .select()
    .from(provinces)
    .where(and(...conds))
    .orderBy(asc(provinces.sort), asc(provinces.code));
  return rows.map(toProvince);
}

/** Creates or edits a province of a country (code unique within the country). */
export async function saveProvince(db: Db, actor: Actor, input: z.output<typeof ProvinceSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, remoteFee, ...rest } = input;
  const fields = { ...rest, remoteFee: decimalToMinor(remoteFee) };
  try {
    return await db.transaction(async (tx) => {
      const [country] = await tx.select().from(countries).where(eq(countries.code, fields.countryCode)).limit(1);
      if (!country) throw invalid('countryCode', '国家不存在');
      if (id) {
        const [before] = await tx.select().from(provinces).where(eq(provinces.id, id)).limit(1);
        if (!before) throw notFound('省份不存在');
        const [after] = await tx
          .update(provinces)
          .set({ ...fields, updatedAt: now })
          .where(eq(provinces.id, id))
          .returning();
        await writeAudit(tx, actor, { action: 'province.update', targetType: 'province', targetId: id, before, after }, now);
        return { id };
      }
      const [after] = await tx
        .insert(provinces)
        .values({ ...fields, createdAt: now, updatedAt: now })
        .returning();
      await writeAudit(tx, actor, { action: 'province.create', targetType: 'province', targetId: after.id, after }, now);
      return { id: after.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('code', '该国家下省份代码已存在');
    throw err;
  }
}
