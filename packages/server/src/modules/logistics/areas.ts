// A channel's zones (areas): their countries and freight rules. The channels themselves: service.ts.
import type { z } from 'zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AreaSaveBody, ChannelArea } from '@waystation/shared/contract/logistics';
import { decimalToMinor } from '@waystation/shared/contract/reference';
import type { Db } from '../../db';
import { channelAreaCountries, channelAreas, countries, shipChannels } from '../../db/schema';
import { type Actor, writeAudit } from '../../core/audit';
import { invalid, isUniqueViolation, notFound } from '../../core/errors';
import { requireChannel } from './service';

function toArea(r: typeof channelAreas.$inferSelect, codes: string[], currency: string): ChannelArea {
  return {
    id: r.id,
    channelId: r.channelId,
    name: r.name,
    countries: codes,
    currency,
    firstWeightG: r.firstWeightG,
    firstPrice: r.firstPrice,
    continuedWeightG: r.continuedWeightG,
    continuedPrice: r.continuedPrice,
    volumetricDivisor: r.volumetricDivisor,
    minWeightG: r.minWeightG,
    maxWeightG: r.maxWeightG,
    maxSideMm: r.maxSideMm,
    fuelSurchargeBp: r.fuelSurchargeBp,
    handlingFee: r.handlingFee,
    deliveryMinDays: r.deliveryMinDays,
    deliveryMaxDays: r.deliveryMaxDays,
    status: r.status as ChannelArea['status'],
    sort: r.sort,
    modifyTime: r.updatedAt.toISOString(),
  };
}

export async function listAreas(db: Db, channelId: number): Promise<ChannelArea[]> {
  const channel = await requireChannel(db, channelId);
  const rows = await db.select().from(channelAreas).where(eq(channelAreas.channelId, channelId)).orderBy(asc(channelAreas.sort), asc(channelAreas.id));
  const links = await db
    .select()
    .from(channelAreaCountries)
    .where(eq(channelAreaCountries.channelId, channelId))
    .orderBy(asc(channelAreaCountries.countryCode));
  return rows.map((r) =>
    toArea(
      r,
      links.filter((l) => l.areaId === r.id).map((l) => l.countryCode),
      channel.currency,
    ),
  );
}

/** Creates or edits a zone with its freight rule; a country may belong to one zone of a channel only. */
export async function saveArea(db: Db, actor: Actor, input: z.output<typeof AreaSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, channelId, countries: codes, fuelSurchargePercent, firstPrice, continuedPrice, handlingFee, ...rest } = input;
  const fields = {
    ...rest,
    firstPrice: decimalToMinor(firstPrice),
    continuedPrice: decimalToMinor(continuedPrice),
    handlingFee: decimalToMinor(handlingFee),
    // "12.5" % → 1250 bp: the same exact decimal conversion as money.
    fuelSurchargeBp: decimalToMinor(fuelSurchargePercent),
  };
  try {
    return await saveAreaTx(db, actor, { id, channelId, codes, fields }, now);
  } catch (err) {
    // Two editors adding the same country to two zones at once: the unique index decides, the loser is told why.
    if (isUniqueViolation(err)) throw invalid('countries', '国家已在本渠道的其他区域中');
    throw err;
  }
}

async function saveAreaTx(
  db: Db,
  actor: Actor,
  {
    id,
    channelId,
    codes,
    fields,
  }: {
    id?: number;
    channelId: number;
    codes: string[];
    fields: Omit<typeof channelAreas.$inferInsert, 'channelId' | 'name' | 'createdAt' | 'updatedAt'> & { name: string };
  },
  now: Date,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const channel = await requireChannel(tx, channelId);
    const known = await tx.select({ code: countries.code }).from(countries).where(inArray(countries.code, codes));
    const unknown = codes.filter((c) => !known.some((k) => k.code === c));
    if (unknown.length) throw invalid('countries', `未知的国家：${unknown.join(', ')}`);
    const taken = await tx
      .select({ code: channelAreaCountries.countryCode, areaId: channelAreaCountries.areaId, areaName: channelAreas.name })
      .from(channelAreaCountries)
      .innerJoin(channelAreas, eq(channelAreas.id, channelAreaCountries.areaId))
      .where(and(eq(channelAreaCountries.channelId, channelId), inArray(channelAreaCountries.countryCode, codes)));
    const clash = taken.filter((t) => t.areaId !== id);
    if (clash.length) throw invalid('countries', `国家已在本渠道的其他区域中：${clash.map((c) => `${c.code}（${c.areaName}）`).join('、')}`);
    let areaId: number;
    let before: ChannelArea | null = null;
    if (id) {
      const [row] = await tx
        .select()
        .from(channelAreas)
        .where(and(eq(channelAreas.id, id), eq(channelAreas.channelId, channelId)))
        .limit(1);
      if (!row) throw notFound('区域不存在');
      const old = await tx.select().from(channelAreaCountries).where(eq(channelAreaCountries.areaId, id));
      before = toArea(
        row,
        old.map((o) => o.countryCode),
        channel.currency,
      );
      await tx
        .update(channelAreas)
        .set({ ...fields, updatedAt: now })
        .where(eq(channelAreas.id, id));
      await tx.delete(channelAreaCountries).where(eq(channelAreaCountries.areaId, id));
      areaId = id;
    } else {
      const [row] = await tx
        .insert(channelAreas)
        .values({ channelId, ...fields, createdAt: now, updatedAt: now })
        .returning({ id: channelAreas.id });
      areaId = row.id;
    }
    await tx.insert(channelAreaCountries).values(codes.map((countryCode) => ({ areaId, channelId, countryCode })));
    await tx.update(shipChannels).set({ updatedAt: now }).where(eq(shipChannels.id, channelId));
    const [row] = await tx.select().from(channelAreas).where(eq(channelAreas.id, areaId));
    await writeAudit(
      tx,
      actor,
      {
        action: id ? 'channelArea.update' : 'channelArea.create',
        targetType: 'channelArea',
        targetId: areaId,
        before,
        after: toArea(row, [...codes].sort(), channel.currency),
      },
      now,
    );
    return { id: areaId };
  });
}

export async function deleteArea(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(channelAreas).where(eq(channelAreas.id, id)).limit(1);
    if (!row) throw notFound('区域不存在');
    const codes = await tx.select().from(channelAreaCountries).where(eq(channelAreaCountries.areaId, id));
    await tx.delete(channelAreas).where(eq(channelAreas.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'channelArea.delete', targetType: 'channelArea', targetId: id, before: { ...row, countries: codes.map((c) => c.countryCode) } },
      now,
    );
  });
}
