import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { computeFreight, type FreightRule } from '@waystation/shared/freight/calculator';
import { freightRefusalText, type FreightRefusalFacts } from '@waystation/shared/freight/refusal';
import type { FreightQuote, FreightQuoteBody, FreightQuoteResult } from '@waystation/shared/contract/logistics';
import type { Db } from '../../db';
import { channelAreaCountries, channelAreas, channelAttrs, provinces, shipChannels } from '../../db/schema';
import { loadRates } from '../reference/rates';
import { invalid, notFound } from '../../core/errors';

export type ParcelQuoteInput = z.output<typeof FreightQuoteBody>;

type Refusal = FreightRefusalFacts & { channelId: number; channelName: string; message: string };

const refusal = (ch: { id: number; name: string }, facts: FreightRefusalFacts): Refusal => ({
  channelId: ch.id,
  channelName: ch.name,
  ...facts,
  message: freightRefusalText(facts, 'zh'),
});

/**
 * Prices a parcel on every enabled channel serving the country (or on one channel): channels refusing one of
 * the parcel's attributes or without a zone for the country are listed as refused; the rest are priced with
 * the shared calculator, cheapest (in CNY) first. The packing station uses the same function.
 */
export async function quoteFreight(db: Db, input: ParcelQuoteInput, onlyChannelId?: number): Promise<FreightQuoteResult> {
  const channels = await db
    .select()
    .from(shipChannels)
    .where(onlyChannelId ? eq(shipChannels.id, onlyChannelId) : eq(shipChannels.status, 'activity'));
  const ids = channels.map((c) => c.id);
  if (!ids.length) return { list: [], refused: [] };
  const attrRows = await db.select().from(channelAttrs).where(inArray(channelAttrs.channelId, ids));
  const zoneRows = await db
    .select({ area: channelAreas })
    .from(channelAreaCountries)
    .innerJoin(channelAreas, eq(channelAreas.id, channelAreaCountries.areaId))
    .where(and(inArray(channelAreaCountries.channelId, ids), eq(channelAreaCountries.countryCode, input.countryCode), eq(channelAreas.status, 'activity')));
  const [province] = input.provinceCode
    ? await db
        .select()
        .from(provinces)
        .where(and(eq(provinces.countryCode, input.countryCode), eq(provinces.code, input.provinceCode), eq(provinces.status, 'activity')))
        .limit(1)
    : [];
  const rates = await loadRates(db);
  const list: FreightQuote[] = [];
  const refused: Refusal[] = [];
  for (const ch of channels) {
    const decided = attrRows.filter((a) => a.channelId === ch.id);
    const blocked = input.attrs.filter((attr) => !decided.find((d) => d.attr === attr)?.allowed);
    if (blocked.length) {
      refused.push(refusal(ch, { reason: 'refused_attr', attrs: blocked }));
      continue;
    }
    const zone = zoneRows.find((z) => z.area.channelId === ch.id)?.area;
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
    const remoteFee = province ? rates.convert(province.remoteFee, 'CNY', ch.currency) : 0;
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
