import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local 17TRACK for tests (issue #33.3), answering as the tracking API v2.2's documentation describes the calls
 * Waystation makes: POST /track/v2.2/register, /gettrackinfo and /getquota, each a JSON array of `{ number }` (getquota
 * an empty object) with the key in the `17token` header. A wrong key is HTTP 401 with code -18010002; 40 numbers at
 * most a call (-18010013 beyond); an answer `{ code: 0, data: { accepted, rejected } }` where a number registered twice
 * is rejected with -18019901 and one not registered with -18019902. `script()` sets what a number's parcel has been
 * through: its latest status and its events, which gettrackinfo returns in track_info (newest first, as 17TRACK does).
 */

export const FAKE_17TRACK_KEY = 'FAKE17TRACKKEY0000000000000000A1';

export interface ScriptedEvent {
  /** The instant, ISO 8601 UTC. */
  time: string;
  description: string;
  location?: string;
  /** 17TRACK's milestone of the event (PickedUp, Delivered …) and its sub-status (InTransit_Other, Delivered_Other …). */
  stage?: string | null;
  subStatus?: string | null;
}
export interface ScriptedParcel {
  /** NotFound, InfoReceived, InTransit, Expired, AvailableForPickup, OutForDelivery, DeliveryFailure, Delivered, Exception. */
  status: string;
  subStatus?: string;
  events: ScriptedEvent[];
}
export interface Fake17TrackCall {
  path: string;
  token: string;
  body: unknown;
}

/** "2026-11-23T01:15:00Z" as the place's local time with its offset (+08:00), as time_iso gives it. */
function localIso(utc: string, offsetHours = 8): string {
  const d = new Date(new Date(utc).getTime() + offsetHours * 3_600_000);
  return `${d.toISOString().slice(0, 19)}+${String(offsetHours).padStart(2, '0')}:00`;
}

function eventJson(e: ScriptedEvent) {
  return {
    time_iso: localIso(e.time),
    time_utc: new Date(e.time).toISOString().replace('.000Z', 'Z'),
    time_raw: { date: localIso(e.time).slice(0, 10), time: localIso(e.time).slice(11, 19), timezone: '+08:00' },
    description: e.description,
    description_translation: null,
    location: e.location ?? '',
    stage: e.stage ?? null,
    sub_status: e.subStatus ?? null,
    address: { country: null, state: null, city: null, street: null, postal_code: null, coordinates: { longitude: null, latitude: null } },
  };
}

function trackInfo(number: string, p: ScriptedParcel) {
  const events = [...p.events].sort((a, b) => b.time.localeCompare(a.time)).map(eventJson);
  return {
    number,
    carrier: 3011,
    param: null,
    tag: null,
    track_info: {
      shipping_info: { shipper_address: { country: 'CN' }, recipient_address: { country: 'US' } },
      latest_status: { status: p.status, sub_status: p.subStatus ?? `${p.status}_Other`, sub_status_descr: null },
      latest_event: events[0] ?? null,
      time_metrics: { days_after_order: 0, days_of_transit: 0, days_of_transit_done: 0, days_after_last_update: 0 },
      milestone: [],
      misc_info: { risk_factor: 0, service_type: null, weight_raw: null, pieces: null },
      tracking: {
        providers_hash: 0,
        providers: [
          {
            provider: { key: 3011, name: 'China Post', alias: 'China Post', tel: '11183', homepage: 'http://www.ems.com.cn/', country: 'CN' },
            service_type: null,
            latest_sync_status: 'Success',
            latest_sync_time: events[0]?.time_utc ?? null,
            events_hash: events.length,
            events,
          },
        ],
      },
    },
  };
}

export async function startFake17Track() {
  const calls: Fake17TrackCall[] = [];
  const registered = new Set<string>();
  const parcels = new Map<string, ScriptedParcel>();
  /** Numbers register refuses (a carrier it cannot detect), with 17TRACK's code. */
  const refusedNumbers = new Set<string>();
  let quotaUsed = 0;
  let rateLimited = false;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(json));
      };
      const token = String(req.headers['17token'] ?? '');
      const path = req.url ?? '';
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return reply(200, { code: -18010010, data: { errors: [{ code: -18010010, message: 'The data is not valid JSON.' }] } });
      }
      calls.push({ path, token, body });
      if (req.method !== 'POST') return reply(404, { code: -18010404, data: { errors: [{ code: -18010404, message: 'Not found.' }] } });
      if (token !== FAKE_17TRACK_KEY) return reply(401, { code: -18010002, data: { errors: [{ code: -18010002, message: 'The access key is invalid.' }] } });
      if (rateLimited) return reply(429, { code: -18010014, data: { errors: [{ code: -18010014, message: 'Too many requests.' }] } });
      if (path === '/track/v2.2/getquota') {
        return reply(200, {
          code: 0,
          data: { quota_total: 100, quota_used: quotaUsed, quota_remain: 100 - quotaUsed, today_used: quotaUsed, max_track_daily: 0 },
        });
      }
      const items = Array.isArray(body) ? (body as { number?: unknown }[]) : null;
      if (!items) return reply(200, { code: -18010010, data: { errors: [{ code: -18010010, message: 'The data is not valid.' }] } });
      if (items.length > 40) return reply(200, { code: -18010013, data: { errors: [{ code: -18010013, message: 'Submit up to 40 numbers at a time.' }] } });
      const accepted: unknown[] = [];
      const rejected: unknown[] = [];
      const refuse = (number: string, code: number, message: string) => rejected.push({ number, error: { code, message } });
      for (const item of items) {
        const number = String(item.number ?? '');
        if (path === '/track/v2.2/register') {
          if (refusedNumbers.has(number)) refuse(number, -18019903, 'The carrier cannot be detected.');
          else if (registered.has(number)) refuse(number, -18019901, `The tracking number '${number}' has been registered, don't need to repeat registration.`);
          else {
            registered.add(number);
            quotaUsed++;
            accepted.push({ origin: 1, number, carrier: 3011 });
          }
        } else if (path === '/track/v2.2/gettrackinfo') {
          if (!registered.has(number)) refuse(number, -18019902, `The tracking number '${number}' does not register, please register first.`);
          else accepted.push(trackInfo(number, parcels.get(number) ?? { status: 'NotFound', events: [] }));
        } else return reply(404, { code: -18010404, data: { errors: [{ code: -18010404, message: 'Not found.' }] } });
      }
      return reply(200, { code: 0, data: { accepted, rejected } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    registered,
    refusedNumbers,
    /** What the number's parcel has been through so far (replaces what was scripted before). */
    script(number: string, parcel: ScriptedParcel) {
      parcels.set(number, parcel);
    },
    /** Answers every call 429 (too many calls) while on. */
    setRateLimited(on: boolean) {
      rateLimited = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Fake17Track = Awaited<ReturnType<typeof startFake17Track>>;
