import type { z } from 'zod';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Page } from '@waystation/shared/contract/common';
import type {
  BindChannelAttrBody,
  ChannelAttr,
  ChannelListQuery,
  ChannelSaveBody,
  Forwarder,
  ForwarderListQuery,
  ForwarderSaveBody,
  ShipChannel,
  ShipInitData,
} from '@waystation/shared/contract/logistics';
import { decimalToMinor } from '@waystation/shared/contract/reference';
import { ItemAttr } from '@waystation/shared/vocab/config-content';
import type { Db } from '../../db';
import { channelAreaCountries, channelAreas, channelAttrs, countries, currencies, forwarders, shipChannels } from '../../db/schema';
import { type Actor, auditedSave, auditedToggle, writeAudit } from '../../core/audit';
import { invalid, isUniqueViolation, notFound } from '../../core/errors';
import { containsPattern, filters, offsetPage, orderBy } from '../../core/paging';
import type { SecretBox } from '../../core/secrets';
import { auditedCarrier, carrierColumns, carrierView } from '../goodsOut/carriers/account';

type Status = 'activity' | 'disabled';

// ---------------------------------------------------------------- forwarders

function toForwarder(r: typeof forwarders.$inferSelect, channelCount: number): Forwarder {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    contactName: r.contactName,
    phone: r.phone,
    website: r.website,
    trackingUrl: r.trackingUrl,
    status: r.status as Status,
    remark: r.remark,
    channelCount,
    ...carrierView(r),
    createTime: r.createdAt.toISOString(),
    modifyTime: r.updatedAt.toISOString(),
  };
}

async function channelCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: shipChannels.forwarderId, n: count() })
    .from(shipChannels)
    .where(inArray(shipChannels.forwarderId, ids))
    .groupBy(shipChannels.forwarderId);
  return new Map(rows.map((r) => [r.id as number, r.n]));
}

export async function listForwarders(db: Db, q: ForwarderListQuery): Promise<Page<Forwarder>> {
  const { rows, total } = await offsetPage(db, {
    table: forwarders,
    select: db.select().from(forwarders).$dynamic(),
    filter: filters(q, {
      keyword: (k) => or(ilike(forwarders.name, containsPattern(k)), ilike(forwarders.code, containsPattern(k))),
      status: (s) => eq(forwarders.status, s),
    }),
    orderBy: orderBy(q.sort, q.order, { id: forwarders.id, create_time: forwarders.createdAt, modify_time: forwarders.updatedAt }, forwarders.id),
    q,
  });
  const counts = await channelCounts(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toForwarder(r, counts.get(r.id) ?? 0)), total };
}

/** Creates or edits a forwarder; codes are unique. */
export async function saveForwarder(
  db: Db,
  { secrets, carrierSandbox }: { secrets: SecretBox; carrierSandbox: boolean },
  actor: Actor,
  input: z.output<typeof ForwarderSaveBody>,
  now: Date,
): Promise<{ id: number }> {
  // The carrier account's key goes sealed into `credentials` (carrierColumns), never into a column of its own.
  const { id, carrier, apiBase, apiKey, carrierService, sender, ...fields } = input;
  try {
    return await db.transaction(async (tx) => {
      const [before] = id ? await tx.select().from(forwarders).where(eq(forwarders.id, id)).limit(1) : [];
      const saved = await auditedSave(tx, actor, {
        table: forwarders,
        id,
        fields: { ...fields, ...carrierColumns(secrets, input, before, carrierSandbox) },
        view: auditedCarrier,
        action: { create: 'forwarder.create', update: 'forwarder.update' },
        targetType: 'forwarder',
        notFound: '货代不存在',
        now,
      });
      return { id: saved.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('code', '货代代码已存在');
    throw err;
  }
}

// ---------------------------------------------------------------- channels

async function toChannels(db: Db, rows: (typeof shipChannels.$inferSelect)[]): Promise<ShipChannel[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const fwIds = [...new Set(rows.map((r) => r.forwarderId).filter((x): x is number => x !== null))];
  const fws = fwIds.length ? await db.select({ id: forwarders.id, name: forwarders.name }).from(forwarders).where(inArray(forwarders.id, fwIds)) : [];
  const areaCounts = await db
    .select({ id: channelAreas.channelId, n: count() })
    .from(channelAreas)
    .where(inArray(channelAreas.channelId, ids))
    .groupBy(channelAreas.channelId);
  const countryCounts = await db
    .select({ id: channelAreaCountries.channelId, n: count() })
    .from(channelAreaCountries)
    .where(inArray(channelAreaCountries.channelId, ids))
    .groupBy(channelAreaCountries.channelId);
  const attrs = await db
    .select()
    .from(channelAttrs)
    .where(and(inArray(channelAttrs.channelId, ids), eq(channelAttrs.allowed, true)))
    .orderBy(asc(channelAttrs.attr));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    nameEn: r.nameEn,
    forwarderId: r.forwarderId,
    forwarderName: fws.find((f) => f.id === r.forwarderId)?.name ?? '',
    currency: r.currency,
    deliveryMinDays: r.deliveryMinDays,
    deliveryMaxDays: r.deliveryMaxDays,
    description: r.description,
    status: r.status as Status,
    sort: r.sort,
    areaCount: areaCounts.find((a) => a.id === r.id)?.n ?? 0,
    countryCount: countryCounts.find((a) => a.id === r.id)?.n ?? 0,
    allowedAttrs: attrs.filter((a) => a.channelId === r.id).map((a) => a.attr),
    customsMaxValue: r.customsMaxValue,
    customsForbiddenHs: r.customsForbiddenHs,
    createTime: r.createdAt.toISOString(),
    modifyTime: r.updatedAt.toISOString(),
  }));
}

export async function listChannels(db: Db, q: ChannelListQuery): Promise<Page<ShipChannel>> {
  const { rows, total } = await offsetPage(db, {
    table: shipChannels,
    select: db.select().from(shipChannels).$dynamic(),
    filter: filters(q, {
      keyword: (k) =>
        or(ilike(shipChannels.name, containsPattern(k)), ilike(shipChannels.code, containsPattern(k)), ilike(shipChannels.nameEn, containsPattern(k))),
      status: (s) => eq(shipChannels.status, s),
      forwarderId: (id) => eq(shipChannels.forwarderId, id),
      countryCode: (c) =>
        sql`exists (select 1 from ${channelAreaCountries} where ${channelAreaCountries.channelId} = ${shipChannels.id} and ${channelAreaCountries.countryCode} = ${c})`,
    }),
    orderBy: orderBy(
      q.sort ?? 'sort',
      q.order ?? 'asc',
      { id: shipChannels.id, sort: shipChannels.sort, create_time: shipChannels.createdAt, modify_time: shipChannels.updatedAt },
      shipChannels.id,
    ),
    q,
  });
  return { list: await toChannels(db, rows), total };
}

export async function getChannel(db: Db, id: number): Promise<ShipChannel> {
  const rows = await db.select().from(shipChannels).where(eq(shipChannels.id, id)).limit(1);
  if (!rows.length) throw notFound('物流渠道不存在');
  return (await toChannels(db, rows))[0];
}

async function assertForwarder(db: Db, id: number | null): Promise<void> {
  if (id === null) return;
  const [f] = await db.select({ id: forwarders.id }).from(forwarders).where(eq(forwarders.id, id)).limit(1);
  if (!f) throw invalid('forwarderId', '货代不存在');
}

/** Creates or edits a ship channel (codes unique, forwarder must exist). */
export async function saveChannel(db: Db, actor: Actor, input: z.output<typeof ChannelSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, ...fields } = input;
  try {
    return await db.transaction(async (tx) => {
      await assertForwarder(tx, fields.forwarderId);
      const saved = await auditedSave(tx, actor, {
        table: shipChannels,
        id,
        fields,
        action: { create: 'shipChannel.create', update: 'shipChannel.update' },
        targetType: 'shipChannel',
        notFound: '物流渠道不存在',
        now,
      });
      return { id: saved.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid('code', '渠道代码已存在');
    throw err;
  }
}

export async function modifyChannelStatus(db: Db, actor: Actor, id: number, status: Status, now: Date): Promise<void> {
  const [before] = await db.select({ id: shipChannels.id, status: shipChannels.status }).from(shipChannels).where(eq(shipChannels.id, id)).limit(1);
  if (!before) throw notFound('物流渠道不存在');
  await auditedToggle(db, actor, { table: shipChannels, row: before, status, action: 'shipChannel.status', targetType: 'shipChannel', now });
}

/** Enabled channels for selectors across screens. */
export async function channelOptions(db: Db) {
  return db
    .select({
      id: shipChannels.id,
      code: shipChannels.code,
      name: shipChannels.name,
      nameEn: shipChannels.nameEn,
      currency: shipChannels.currency,
      deliveryMinDays: shipChannels.deliveryMinDays,
      deliveryMaxDays: shipChannels.deliveryMaxDays,
    })
    .from(shipChannels)
    .where(eq(shipChannels.status, 'activity'))
    .orderBy(asc(shipChannels.sort), asc(shipChannels.id));
}

export async function countryOptions(db: Db) {
  return db
    .select({ code: countries.code, nameZh: countries.nameZh, nameEn: countries.nameEn, regionId: countries.regionId })
    .from(countries)
    .where(eq(countries.status, 'activity'))
    .orderBy(asc(countries.sort), asc(countries.code));
}

export async function shipInitData(db: Db): Promise<ShipInitData> {
  const [fws, channels, ctry, curr] = [
    await db
      .select({ id: forwarders.id, code: forwarders.code, name: forwarders.name })
      .from(forwarders)
      .where(eq(forwarders.status, 'activity'))
      .orderBy(asc(forwarders.id)),
    await channelOptions(db),
    await countryOptions(db),
    await db
      .select({ code: currencies.code, nameZh: currencies.nameZh })
      .from(currencies)
      .where(eq(currencies.status, 'activity'))
      .orderBy(asc(currencies.sort), asc(currencies.code)),
  ];
  return {
    attrs: ItemAttr.entries.map((e) => ({ value: e.value, label: e.zh, labelEn: e.en })),
    forwarders: fws,
    channels,
    countries: ctry,
    currencies: curr,
  };
}

// ---------------------------------------------------------------- attributes

/** A ship channel by id, or 40400. */
export async function requireChannel(db: Db, id: number) {
  const [row] = await db.select().from(shipChannels).where(eq(shipChannels.id, id)).limit(1);
  if (!row) throw notFound('物流渠道不存在');
  return row;
}

/** Every attribute of the vocabulary with the channel's decision; a missing row reads as refused. */
export async function listChannelAttrs(db: Db, channelId: number): Promise<ChannelAttr[]> {
  await requireChannel(db, channelId);
  const rows = await db.select().from(channelAttrs).where(eq(channelAttrs.channelId, channelId));
  return ItemAttr.values.map((attr) => {
    const r = rows.find((x) => x.attr === attr);
    return { attr, allowed: r?.allowed ?? false, surcharge: r?.surcharge ?? 0 };
  });
}

/** Replaces a channel's attribute decisions with the given ones (attributes left out become refused). */
export async function bindChannelAttrs(db: Db, actor: Actor, input: z.output<typeof BindChannelAttrBody>, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await requireChannel(tx, input.channelId);
    const before = await listChannelAttrs(tx, input.channelId);
    await tx.delete(channelAttrs).where(eq(channelAttrs.channelId, input.channelId));
    if (input.attrs.length) {
      await tx
        .insert(channelAttrs)
        .values(input.attrs.map((a) => ({ channelId: input.channelId, attr: a.attr, allowed: a.allowed, surcharge: decimalToMinor(a.surcharge) })));
    }
    await tx.update(shipChannels).set({ updatedAt: now }).where(eq(shipChannels.id, input.channelId));
    const after = await listChannelAttrs(tx, input.channelId);
    await writeAudit(tx, actor, { action: 'shipChannel.bindAttr', targetType: 'shipChannel', targetId: input.channelId, before, after }, now);
  });
}
