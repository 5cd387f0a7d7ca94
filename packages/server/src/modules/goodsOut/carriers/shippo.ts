import type { Rate, Shippo, ShipmentCreateRequest, Transaction } from 'shippo';
import { resolvePublicHost, safeFetch } from '../../../core/outbound';
import type { Carrier, CarrierAccount, CarrierPackage } from './index';
import { addressOf, CarrierError, fetchBoughtLabel } from './index';

/**
 * Shippo (https://docs.goshippo.com), through its official SDK: with a service named as
 * "<carrier_account>:<servicelevel_token>" one call buys the label (POST /transactions with the shipment nested);
 * otherwise a Shipment is created and its cheapest rate (of the named servicelevel token, if one is given) bought. The
 * label in PDF, fetched from label_url; cancel = refund. Tested against testing/fakeShippo.ts, a local server
 * answering as Shippo's API reference documents.
 */

const OFFICIAL = 'https://api.goshippo.com';
const NAME = 'Shippo';
/** How often a transaction still queued at Shippo is looked at again before the booking is given up. */
const POLLS = 5;

/** Where the SDK calls: the forwarder's API address or Shippo's own. */
function baseOf(apiBase: string): URL {
  const base = new URL(apiBase || OFFICIAL);
  base.pathname = base.pathname.replace(/\/+$/, '') || '/';
  return base;
}

/**
 * The SDK for an account, every request of it made by safeFetch: the SDK takes a fetcher, which refuses any URL off
 * the configured API host and hands the request to safeFetch (the host resolved and checked against the allow-list,
 * the connection made to the very address checked, each redirect checked again). The host is checked once before
 * the client is made, so a refused address reaches no request at all. No retries: a repeated POST /transactions
 * could buy twice.
 */
async function client(account: CarrierAccount): Promise<Shippo> {
  const base = baseOf(account.apiBase);
  await resolvePublicHost(base.hostname);
  // The SDK loads at its first use: it is large (tens of MB and about half a second to load) and most servers never call it.
  const [sdk, { HTTPClient }] = await Promise.all([import('shippo'), import('shippo/lib/http.js')]);
  const httpClient = new HTTPClient({
    fetcher: async (input, init) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      if (url.host !== base.host) throw new CarrierError(`${NAME} 请求的地址 ${url.host} 不是配置的 API 地址`);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
      return safeFetch(url.href, { method: req.method, headers: req.headers, body, timeoutMs: 20_000 });
    },
  });
  return new sdk.Shippo({
    apiKeyHeader: `ShippoToken ${account.apiKey}`,
    serverURL: base.href.replace(/\/$/, ''),
    httpClient,
    retryConfig: { strategy: 'none' },
    timeoutMs: 20_000,
  });
}

/** The text of Shippo's error body: `{ detail }` or the fields' messages (`{ address_to: { zip: ['…'] } }`). */
function bodyText(body: unknown, path = ''): string[] {
  if (typeof body === 'string') return [path ? `${path}: ${body}` : body];
  if (Array.isArray(body)) return body.flatMap((b) => bodyText(b, path));
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([k, v]) => bodyText(v, k === 'detail' || k === '__all__' ? path : path ? `${path}.${k}` : k));
  }
  return [];
}

/** The failure's own words: Shippo's error body, else the cause (a refused address, a connection error). */
function detailOf(err: unknown): string {
  const e = err as { body?: string; message?: string; cause?: unknown };
  if (typeof e.body === 'string' && e.body) {
    try {
      return bodyText(JSON.parse(e.body)).join('; ');
    } catch {
      return e.body.slice(0, 300);
    }
  }
  const causes: string[] = [];
  for (let c: unknown = err; c instanceof Error && causes.length < 4; c = c.cause) causes.push(c.message);
  return causes.at(-1) ?? String(err);
}

/** The carrier's refusal in words the packer reads; the carrier's own message kept. */
function failure(err: unknown, what: 'book' | 'cancel'): CarrierError {
  if (err instanceof CarrierError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  const detail = detailOf(err);
  if (status === 401 || status === 403) return new CarrierError(`承运商 ${NAME} 拒绝了 API key：${detail}`);
  if (status && status >= 400 && status < 500) return refusal(what, detail);
  return new CarrierError(`承运商 ${NAME} 暂时无法连接：${detail}`);
}

const refusal = (what: 'book' | 'cancel', detail: string) =>
  new CarrierError(what === 'book' ? `承运商 ${NAME} 拒绝订舱：${detail}` : `承运商 ${NAME} 拒绝取消运单：${detail}`);

const messagesOf = (m: { source?: string; code?: string; text?: string }[] | undefined) =>
  (m ?? []).map((x) => [x.source, x.text || x.code].filter(Boolean).join(': ')).join('; ') || 'ERROR';

const cm = (mm: number) => String(Math.max(0.1, Math.round(mm) / 10));

function shipmentOf(account: CarrierAccount, p: CarrierPackage): ShipmentCreateRequest {
  const to = p.address;
  return {
    metadata: p.packageNo,
    addressFrom: addressOf(account.from),
    addressTo: { name: to.receiver, street1: to.address, city: to.city, state: to.province, zip: to.postcode, country: p.countryCode, phone: to.phone },
    parcels: [{ massUnit: 'g', weight: String(p.weightG), distanceUnit: 'cm', length: cm(p.lengthMm), width: cm(p.widthMm), height: cm(p.heightMm) }],
    customsDeclaration: {
      certify: true,
      certifySigner: account.from.name,
      contentsType: 'MERCHANDISE',
      nonDeliveryOption: 'RETURN',
      eelPfc: 'NOEEI_30_37_a',
      items: p.customs.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        netWeight: String(l.weightG),
        massUnit: 'g',
        valueAmount: l.value.toFixed(2),
        valueCurrency: l.currency,
        originCountry: l.origin || account.from.country,
        ...(l.hsCode ? { hsCode: l.hsCode } : {}),
      })),
    },
    async: false,
  };
}

/** The label bought: one call when the service names the carrier account and service level, else shipment + rate. */
async function buy(sh: Shippo, account: CarrierAccount, p: CarrierPackage): Promise<Transaction> {
  const service = account.service.trim();
  const [carrierAccount, servicelevelToken] = service.includes(':') ? service.split(':', 2).map((s) => s.trim()) : ['', ''];
  if (carrierAccount && servicelevelToken) {
    const shipment = shipmentOf(account, p);
    return sh.transactions.create({ shipment, carrierAccount, servicelevelToken, labelFileType: 'PDF', metadata: p.packageNo, async: false });
  }
  const shipment = await sh.shipments.create(shipmentOf(account, p));
  const rates = shipment.rates.filter((r) => !service || r.servicelevel.token?.toLowerCase() === service.toLowerCase());
  if (!rates.length) {
    const why = shipment.messages.length ? `：${messagesOf(shipment.messages)}` : '';
    throw new CarrierError(service ? `承运商 ${NAME} 没有服务 ${service} 的运价${why}` : `承运商 ${NAME} 没有可用的运价${why}`);
  }
  const cheapest = rates.reduce((a: Rate, b: Rate) => (Number.parseFloat(b.amount) < Number.parseFloat(a.amount) ? b : a));
  return sh.transactions.create({ rate: cheapest.objectId, labelFileType: 'PDF', metadata: p.packageNo, async: false });
}

export const shippo: Carrier = {
  label: NAME,
  async bookShipment(account, p) {
    try {
      const sh = await client(account);
      let t = await buy(sh, account, p);
      // async: false answers once the label is made; a transaction still queued is looked at again a few times.
      for (let i = 0; i < POLLS && (t.status === 'QUEUED' || t.status === 'WAITING') && t.objectId; i++) {
        await new Promise((r) => setTimeout(r, 1000));
        t = await sh.transactions.get(t.objectId);
      }
      if (t.status === 'ERROR') throw refusal('book', messagesOf(t.messages));
      // A transaction that is not an answer we can use is canceled if Shippo sold it (objectId): never paid for and left.
      if (t.status !== 'SUCCESS') throw new CarrierError(`承运商 ${NAME} 的面单还没有生成（${t.status ?? '无状态'}），请稍后重试`, t.objectId ?? '');
      if (!t.labelUrl || !t.trackingNumber || !t.objectId) throw new CarrierError(`承运商 ${NAME} 没有返回面单或运单号`, t.objectId ?? '');
      // The label file is on Shippo's file host.
      return { trackingNo: t.trackingNumber, labelPdf: await fetchBoughtLabel(NAME, t.labelUrl, t.objectId), carrierRef: t.objectId };
    } catch (err) {
      throw failure(err, 'book');
    }
  },
  async cancelShipment(account, carrierRef) {
    try {
      const refund = await (await client(account)).refunds.create({ transaction: carrierRef, async: false });
      if (refund.status === 'ERROR') throw refusal('cancel', 'refund ERROR');
    } catch (err) {
      throw failure(err, 'cancel');
    }
  },
};
