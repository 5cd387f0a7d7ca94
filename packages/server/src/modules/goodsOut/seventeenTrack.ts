import type { TrackingStatus } from '@waystation/shared/vocab/tracking';
import { safeFetch } from '../../core/outbound';
import { AppError } from '../../core/errors';

/**
 * 17TRACK's tracking API v2.2 (https://api.17track.net/track/v2.2/…), written from its documentation: there is no
 * official SDK. Every call is a POST of JSON with the key in the `17token` header, up to 40 numbers a call; the answer
 * is `{ code: 0, data: { accepted: [...], rejected: [{ number, error: { code, message } }] } }`. A refused key is HTTP
 * 401 (or a code -18010001…-18010005), too many calls HTTP 429. Calls go through safeFetch, so only allowed addresses.
 */

export const SEVENTEEN_TRACK_API = 'https://api.17track.net';
/** Numbers one register or gettrackinfo call takes. */
export const SEVENTEEN_TRACK_BATCH = 40;
/** Rejections that say the number is already registered, and that it is not (yet). */
export const ALREADY_REGISTERED = -18019901;
export const NOT_REGISTERED = -18019902;

export interface SeventeenTrackConfig {
  apiKey: string;
  /** Empty: the official address. */
  apiBase: string;
}

/** Why a whole call failed: the key or account (auth), too many calls (rate), the service down or unreadable (unavailable). */
export class SeventeenTrackError extends Error {
  constructor(
    message: string,
    readonly kind: 'auth' | 'rate' | 'unavailable',
  ) {
    super(message);
  }
}

export interface Rejected {
  number: string;
  code: number;
  message: string;
}

/** One event of a parcel's way, in our words; `raw` is the event as 17TRACK sent it. */
export interface TrackEvent {
  at: Date;
  status: TrackingStatus | null;
  description: string;
  location: string;
  provider: string;
  raw: Record<string, unknown>;
}

export interface TrackInfo {
  number: string;
  status: TrackingStatus;
  subStatus: string;
  events: TrackEvent[];
}

const STATUS_OF: Record<string, TrackingStatus> = {
  NotFound: 'not_found',
  InfoReceived: 'info_received',
  InTransit: 'in_transit',
  Expired: 'expired',
  AvailableForPickup: 'available_for_pickup',
  OutForDelivery: 'out_for_delivery',
  DeliveryFailure: 'delivery_failure',
  Delivered: 'delivered',
  Exception: 'exception',
};
/** An event's milestone (`stage`) when it has no sub-status. */
const STAGE_OF: Record<string, TrackingStatus> = {
  InfoReceived: 'info_received',
  PickedUp: 'in_transit',
  Departure: 'in_transit',
  Arrival: 'in_transit',
  AvailableForPickup: 'available_for_pickup',
  OutForDelivery: 'out_for_delivery',
  Delivered: 'delivered',
  Returning: 'exception',
  Returned: 'exception',
};

/** "Exception_Returned" → exception; a stage name → its status; anything else → null. */
function eventStatus(e: Record<string, unknown>): TrackingStatus | null {
  const sub = typeof e.sub_status === 'string' ? e.sub_status : '';
  return STATUS_OF[sub.split('_')[0] ?? ''] ?? (typeof e.stage === 'string' ? (STAGE_OF[e.stage] ?? null) : null);
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A gettrackinfo entry in our words: the latest status and every provider's events (those without a readable time left out). */
export function readTrackInfo(entry: unknown): TrackInfo {
  const e = record(entry);
  const info = record(e.track_info);
  const latest = record(info.latest_status);
  const events: TrackEvent[] = [];
  for (const p of list(record(info.tracking).providers)) {
    const provider = record(record(p).provider);
    for (const ev of list(record(p).events)) {
      const raw = record(ev);
      // time_utc when given; time_iso carries the place's offset, which says the same instant.
      const at = new Date(text(raw.time_utc) || text(raw.time_iso));
      if (Number.isNaN(at.getTime())) continue;
      events.push({
        at,
        status: eventStatus(raw),
        description: text(raw.description).slice(0, 1000),
        location: text(raw.location).slice(0, 300),
        provider: text(provider.name),
        raw,
      });
    }
  }
  return { number: text(e.number), status: STATUS_OF[text(latest.status)] ?? 'not_found', subStatus: text(latest.sub_status), events };
}

const AUTH_CODES = new Set([-18010001, -18010002, -18010004, -18010005]);

/** One call: the accepted and rejected entries, or a SeventeenTrackError for the call as a whole. */
async function post(
  config: SeventeenTrackConfig,
  path: string,
  body: unknown,
): Promise<{ accepted: unknown[]; rejected: Rejected[]; data: Record<string, unknown> }> {
  const base = (config.apiBase || SEVENTEEN_TRACK_API).replace(/\/+$/, '');
  let res: Response;
  try {
    res = await safeFetch(`${base}/track/v2.2/${path}`, {
      method: 'POST',
      headers: { '17token': config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: 20_000,
    });
  } catch (err) {
    // An address the server may not call (not allowed) is said as such; anything else is the service out of reach.
    if (err instanceof AppError) throw new SeventeenTrackError(err.message, 'unavailable');
    throw new SeventeenTrackError('17TRACK 暂时无法连接', 'unavailable');
  }
  const json = record(await res.json().catch(() => null));
  const data = record(json.data);
  const errors = list(data.errors).map(record);
  const reason = text(errors[0]?.message) || text(json.message);
  const code = typeof json.code === 'number' ? json.code : null;
  if (res.status === 401 || (code !== null && AUTH_CODES.has(code))) {
    throw new SeventeenTrackError(`17TRACK 拒绝了 API 密钥（${code ?? res.status}${reason ? ` ${reason}` : ''}）`, 'auth');
  }
  if (res.status === 429) throw new SeventeenTrackError('17TRACK 请求过于频繁，下次再试', 'rate');
  if (!res.ok || code === null) throw new SeventeenTrackError(`17TRACK 暂时不可用（HTTP ${res.status}）`, 'unavailable');
  if (code !== 0) throw new SeventeenTrackError(`17TRACK 拒绝了请求（${code}${reason ? ` ${reason}` : ''}）`, 'unavailable');
  const rejected = list(data.rejected).map((r) => {
    const error = record(record(r).error);
    return { number: text(record(r).number), code: typeof error.code === 'number' ? error.code : 0, message: text(error.message) };
  });
  return { accepted: list(data.accepted), rejected, data };
}

/** The 17TRACK client of one key: register numbers, read their tracking, and the key's quota (the connection test). */
export function seventeenTrack(config: SeventeenTrackConfig) {
  return {
    /** Registers up to 40 numbers: the accepted ones, and the rejected ones with 17TRACK's reason. */
    async register(numbers: string[]): Promise<{ accepted: string[]; rejected: Rejected[] }> {
      const r = await post(
        config,
        'register',
        numbers.map((number) => ({ number })),
      );
      return { accepted: r.accepted.map((a) => text(record(a).number)), rejected: r.rejected };
    },
    /** Reads the tracking of up to 40 registered numbers. */
    async trackInfo(numbers: string[]): Promise<{ accepted: TrackInfo[]; rejected: Rejected[] }> {
      const r = await post(
        config,
        'gettrackinfo',
        numbers.map((number) => ({ number })),
      );
      return { accepted: r.accepted.map(readTrackInfo), rejected: r.rejected };
    },
    /** The account's tracking quota left (getquota): proves the key and the address. */
    async quota(): Promise<number | null> {
      const r = await post(config, 'getquota', {});
      return typeof r.data.quota_remain === 'number' ? r.data.quota_remain : null;
    },
  };
}
export type SeventeenTrackClient = ReturnType<typeof seventeenTrack>;
