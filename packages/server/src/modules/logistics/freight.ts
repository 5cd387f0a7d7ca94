import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { computeFreight, type FreightRule } from '@waystation/shared/freight/calculator';
import { freightRefusalText, type FreightRefusalFacts } from '@waystation/shared/freight/refusal';
import type { FreightQuote, FreightQuoteBody, FreightQuoteResult } from '@waystation/shared/contract/logistics';
import { type Db, qualified, reusableQuery } from '../../db';
import { channelAreaCountries, channelAreas, channelAttrs, provinces, shipChannels } from '../../db/schema';
import { ratesJson, ratesOf } from '../reference/rates';
import { invalid, notFound } from '../../core/errors';

export type ParcelQuoteInput = z.output<typeof FreightQuoteBody>;

type Refusal = FreightRefusalFacts & { channelId: number; channelName: string; message: string };

const refusal = (ch: { id: number; name: string }, facts: FreightRefusalFacts): Refusal => ({
  channelId: ch.id,
  channelName: ch.name,
  ...facts,
  message: freightRefusalText(facts, 'zh'),
});

type AttrDecision = { attr: string; allowed: boolean; surcharge: number };
type Zone = Pick<
  typeof channelAreas.$inferSelect,
  | 'id'
  | 'name'
  | 'firstWeightG'
  | 'firstPrice'
  | 'continuedWeightG'
  | 'continuedPrice'
  | 'volumetricDivisor'
  | 'minWeightG'
  | 'maxWeightG'
  | 'maxSideMm'
  | 'fuelSurchargeBp'
  | 'handlingFee'
  | 'deliveryMinDays'
  | 'deliveryMaxDays'
>;

const outerChannelId = qualified(shipChannels.id);

/** A channel's attribute decisions, as a JSON array read with the channel. */
const channelAttrsJson = sql<AttrDecision[]>`coalesce((
  select json_agg(json_build_object('attr', a.attr, 'allowed', a.allowed, 'surcharge', a.surcharge) order by a.attr)
  from ${channelAttrs} a where a.channel_id = ${outerChannelId}), '[]'::json)`;

/** A channel's enabled zone serving a country, as JSON read with the channel (null when none). */
const zoneJson = sql<Zone | null>`(
  select json_build_object('id', z.id, 'name', z.name, 'firstWeightG', z.first_weight_g, 'firstPrice', z.first_price,
    'continuedWeightG', z.continued_weight_g, 'continuedPrice', z.continued_price, 'volumetricDivisor', z.volumetric_divisor,
    'minWeightG', z.min_weight_g, 'maxWeightG', z.max_weight_g, 'maxSideMm', z.max_side_mm, 'fuelSurchargeBp', z.fuel_surcharge_bp,
    'handlingFee', z.handling_fee, 'deliveryMinDays', z.delivery_min_days, 'deliveryMaxDays', z.delivery_max_days)
  from ${channelAreaCountries} cac join ${channelAreas} z on z.id = cac.area_id
  where cac.channel_id = ${outerChannelId} and cac.country_code = ${sql.placeholder('countryCode')} and z.status = 'activity'
  order by z.id limit 1)`;

/** An enabled province's remote-area fee in CNY fen (null when the province is unknown or disabled). */
const remoteFeeJson = sql<number | null>`(
  select p.remote_fee from ${provinces} p
  where p.country_code = ${sql.placeholder('countryCode')} and p.code = ${sql.placeholder('provinceCode')} and p.status = 'activity' limit 1)`.mapWith(
  provinces.remoteFee,
);

/**
 * Each channel (enabled ones, or one by id) with its attribute decisions and its zone for the country, the exchange
 * rates and the province's remote fee: one statement, built once per shape (the packing station prices every box here).
 */
const channelsToPrice = (db: Db, one: boolean, inProvince: boolean) =>
  db
    .select({ channel: shipChannels, attrs: channelAttrsJson, zone: zoneJson, rates: ratesJson, remoteFeeCny: inProvince ? remoteFeeJson : sql<null>`null` })
    .from(shipChannels)
    .where(one ? eq(shipChannels.id, sql.placeholder('channelId')) : eq(shipChannels.status, 'activity'));
const channelQueries = {
  one: reusableQuery('freight_channel', (db) => channelsToPrice(db, true, false)),
  oneInProvince: reusableQuery('freight_channel_province', (db) => channelsToPrice(db, true, true)),
  all: reusableQuery('freight_channels', (db) => channelsToPrice(db, false, false)),
  allInProvince: reusableQuery('freight_channels_province', (db) => channelsToPrice(db, false, true)),
};

/**
 * Prices a parcel on every enabled channel serving the country (or on one channel): channels refusing one of
 * the parcel's attributes or without a zone for the country are listed as refused; the rest are priced with
 * the shared calculator, cheapest (in CNY) first. The packing station uses the same function.
 */
export async function quoteFreight(db: Db, input: ParcelQuoteInput, onlyChannelId?: number): Promise<FreightQuoteResult> {
  // A country is in at most one zone of a channel.
  const query = onlyChannelId
    ? input.provinceCode
      ? channelQueries.oneInProvince
      : channelQueries.one
    : input.provinceCode
      ? channelQueries.allInProvince
      : channelQueries.all;
  const rows = await query(db, { channelId: onlyChannelId, countryCode: input.countryCode, provinceCode: input.provinceCode });
  if (!rows.length) return { list: [], refused: [] };
  const rates = ratesOf(rows[0].rates);
  const provinceFee = rows[0].remoteFeeCny;
  const list: FreightQuote[] = [];
  const refused: Refusal[] = [];
  for (const { channel: ch, attrs: decided, zone } of rows) {
    const blocked = input.attrs.filter((attr) => !decided.find((d) => d.attr === attr)?.allowed);
    if (blocked.length) {
      refused.push(refusal(ch, { reason: 'refused_attr', attrs: blocked }));
      continue;
    }
    if (!zone) {
      refused.push(refusal(ch, { reason: 'no_zone' }));
      continue;
    }
    const rule: FreightRule = {
      currency: ch.currency,
      firstWeightG: zone.firstWeightG,
      firstPrice: zone.firstPrice,
      continuedWeightG: zone.continuedWeightG,
      continuedPrice: zone.continuedPrice,
      volumetricDivisor: zone.volumetricDivisor,
      minWeightG: zone.minWeightG,
      maxWeightG: zone.maxWeightG,
      maxSideMm: zone.maxSideMm,
      fuelSurchargeBp: zone.fuelSurchargeBp,
      handlingFee: zone.handlingFee,
      attrSurcharges: Object.fromEntries(decided.filter((d) => d.allowed && d.surcharge > 0).map((d) => [d.attr, d.surcharge])),
    };
    const r = computeFreight(rule, { weightG: input.weightG, lengthMm: input.lengthMm, widthMm: input.widthMm, heightMm: input.heightMm, attrs: input.attrs });
    if (!r.ok) {
      refused.push(refusal(ch, { reason: r.reason, limit: r.limit, chargeableWeightG: r.chargeableWeightG }));
      continue;
    }
    // Remote-area fees are kept in CNY and charged in the channel's currency.
    const remoteFee = provinceFee !== null ? rates.convert(provinceFee, 'CNY', ch.currency) : 0;
    const total = r.total + remoteFee;
    list.push({
      channelId: ch.id,
      channelCode: ch.code,
      channelName: ch.name,
      areaId: zone.id,
      areaName: zone.name,
      currency: ch.currency,
      deliveryMinDays: zone.deliveryMinDays ?? ch.deliveryMinDays,
      deliveryMaxDays: zone.deliveryMaxDays ?? ch.deliveryMaxDays,
      actualWeightG: r.actualWeightG,
      volumetricWeightG: r.volumetricWeightG,
      chargeableWeightG: r.chargeableWeightG,
      continuedSteps: r.continuedSteps,
      weightPrice: r.weightPrice,
      fuelSurcharge: r.fuelSurcharge,
      handlingFee: r.handlingFee,
      attrSurcharge: r.attrSurcharge,
      remoteFee,
      total,
      totalCny: rates.toCny(total, ch.currency),
    });
  }
  list.sort((a, b) => a.totalCny - b.totalCny || a.deliveryMaxDays - b.deliveryMaxDays || a.channelId - b.channelId);
  return { list, refused };
}

/**
 * The freight of one parcel on one channel, for the packing station: the channel must exist, serve the
 * country and accept the parcel, else a 40001 naming why.
 */
export async function channelFreight(db: Db, channelId: number, input: ParcelQuoteInput): Promise<FreightQuote> {
  const result = await quoteFreight(db, input, channelId);
  if (result.list.length) return result.list[0];
  if (!result.refused.length) throw notFound('物流渠道不存在');
  throw invalid('channelId', result.refused[0].message);
}
