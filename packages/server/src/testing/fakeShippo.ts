import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newPdf } from '../platform/pdf';

/**
 * Shippo's API as its reference documents it (https://docs.goshippo.com/shippoapi/public-api), on a local port:
 * POST /shipments answers a Shipment with its Rates; POST /transactions buys a label, either at a rate or in one call
 * with the shipment nested (carrier_account + servicelevel_token), answering a Transaction (tracking_number,
 * label_url to a real PDF this server serves, or status ERROR with messages); POST /refunds answers a Refund. Auth is
 * `Authorization: ShippoToken <key>`; errors as Shippo gives them: 401 `{ detail }` for a bad token, 400 with the
 * fields' messages for a bad request. An address without a street is one no carrier will ship to: a shipment gets no
 * rates (the carrier's message instead), a one-call transaction status ERROR with the carrier's message.
 */

export const FAKE_SHIPPO_KEY = 'shippo_test_0123456789abcdef0123456789abcdefWAY4';
/** The carrier account (USPS) the fake knows; its service levels are those of RATES. */
export const FAKE_SHIPPO_ACCOUNT = 'b741b99f95e841639b54272834bc478c';
const OWNER = 'shippo@waystation.test';

const RATES: [provider: string, token: string, name: string, amount: string][] = [
  ['USPS', 'usps_first_class_package_international_service', 'First Class Package International', '15.80'],
  ['USPS', 'usps_priority_mail_international', 'Priority Mail International', '46.20'],
  ['DHL Express', 'dhl_express_worldwide', 'Express Worldwide', '61.45'],
];

type Json = Record<string, unknown>;
export interface ShippoCall {
  method: string;
  path: string;
  body: Json;
}

const hex = (n: number) => `${Date.now().toString(16)}${n.toString(16).padStart(8, '0')}`.padStart(32, '0');
const noStreet = (shipment: Json) => !((shipment.address_to ?? {}) as Json).street1;
const carrierMessage = { source: 'USPS', code: 'address_error', text: 'Recipient address invalid: street1 is required for international shipments.' };

export async function startFakeShippo() {
  const calls: ShippoCall[] = [];
  const shipments = new Map<string, Json>();
  const transactions = new Map<string, Json>();
  const refunded: string[] = [];
  /** Where label_url points ('' = this server); a test points it elsewhere. */
  const options = { labelBase: '' };
  let seq = 0;
  const stamp = () => new Date().toISOString();
  const meta = (prefix = '') => ({ object_id: `${prefix}${hex(++seq)}`, object_owner: OWNER, object_created: stamp(), object_updated: stamp(), test: true });
  const address = (a: Json) => ({ ...meta(), is_complete: true, validation_results: {}, ...a });
  const shipmentOf = (params: Json) => {
    const m = meta();
    const rates = noStreet(params)
      ? []
      : RATES.map(([provider, token, name, amount]) => ({
          ...meta(),
          shipment: m.object_id,
          attributes: token.includes('first_class') ? ['CHEAPEST'] : [],
          amount,
          currency: 'USD',
          amount_local: amount,
          currency_local: 'USD',
          provider,
          provider_image_75: `https://shippo-static.s3.amazonaws.com/providers/75/${provider}.png`,
          servicelevel: { name, token, terms: '', extended_token: token },
          estimated_days: 7,
          duration_terms: '',
          messages: [],
          carrier_account: FAKE_SHIPPO_ACCOUNT,
          zone: '9',
        }));
    const customs = params.customs_declaration as Json | undefined;
    const s = {
      ...m,
      status: 'SUCCESS',
      metadata: params.metadata ?? '',
      shipment_date: stamp(),
      address_from: address(params.address_from as Json),
      address_to: address(params.address_to as Json),
      parcels: ((params.parcels ?? []) as Json[]).map((p) => ({ ...meta(), object_state: 'VALID', metadata: '', extra: {}, ...p })),
      customs_declaration: customs ? { ...meta(), ...customs, items: ((customs.items ?? []) as Json[]).map(() => hex(++seq)) } : undefined,
      carrier_accounts: params.carrier_accounts ?? [],
      extra: {},
      rates,
      messages: rates.length ? [] : [carrierMessage],
      // Kept to check what was sent; not part of Shippo's answer.
      _params: params,
    };
    shipments.set(s.object_id, s);
    return s;
  };
  const answer = ({ _params, ...s }: Json) => s;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      void (async () => {
        const base = `http://${req.headers.host}`;
        const reply = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        const path = (req.url ?? '').split('?')[0]!.replace(/\/+$/, '');
        // Label files are on Shippo's file host: public links, no token.
        const file = /^\/labels\/(\w+)\.pdf$/.exec(path);
        if (req.method === 'GET' && file) {
          const t = transactions.get(file[1]!);
          if (t?.status !== 'SUCCESS') return reply(404, { detail: 'Not found.' });
          const { doc, done } = await newPdf([100, 150], `Shippo label ${t.tracking_number}`);
          doc.font('cjk-bold').fontSize(16).text('Shippo test label', 20, 30);
          doc.font('cjk').fontSize(12).text(`TRACKING # ${t.tracking_number}`, 20, 70);
          doc.text(String(t._to ?? ''), 20, 100);
          doc.end();
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end(await done);
        }
        if (req.headers.authorization !== `ShippoToken ${FAKE_SHIPPO_KEY}`) return reply(401, { detail: 'Invalid token.' });
        const body = (raw ? JSON.parse(raw) : {}) as Json;
        calls.push({ method: req.method ?? '', path, body });
        const missing = (o: Json, fields: string[]) => Object.fromEntries(fields.filter((f) => o[f] == null).map((f) => [f, ['This field is required.']]));
        if (req.method === 'POST' && path === '/shipments') {
          const bad = missing(body, ['address_from', 'address_to', 'parcels']);
          if (Object.keys(bad).length) return reply(400, bad);
          return reply(201, answer(shipmentOf(body)));
        }
        if (req.method === 'POST' && path === '/transactions') {
          let rate: Json | undefined;
          let shipment: Json;
          if (body.shipment) {
            const bad = missing(body, ['carrier_account', 'servicelevel_token']);
            if (Object.keys(bad).length) return reply(400, bad);
            if (body.carrier_account !== FAKE_SHIPPO_ACCOUNT) return reply(400, { carrier_account: [`Carrier account ${body.carrier_account} not found.`] });
            shipment = shipmentOf(body.shipment as Json);
            rate = (shipment.rates as Json[]).find((r) => (r.servicelevel as Json).token === body.servicelevel_token);
            if (!rate && !noStreet(shipment._params as Json)) {
              return reply(400, { servicelevel_token: [`Servicelevel ${body.servicelevel_token} is not available.`] });
            }
          } else {
            if (!body.rate) return reply(400, { rate: ['This field is required.'] });
            const owner = [...shipments.values()].find((s) => (s.rates as Json[]).some((r) => r.object_id === body.rate));
            if (!owner) return reply(400, { rate: [`Rate ${body.rate} does not exist.`] });
            shipment = owner;
            rate = (owner.rates as Json[]).find((r) => r.object_id === body.rate);
          }
          const m = meta();
          const ok = !!rate;
          const t: Json = {
            ...m,
            object_state: ok ? 'VALID' : 'INVALID',
            status: ok ? 'SUCCESS' : 'ERROR',
            rate: rate?.object_id ?? '',
            metadata: body.metadata ?? '',
            label_file_type: body.label_file_type ?? 'PDF',
            tracking_number: ok ? `92${String(4_000_000_000 + transactions.size).padStart(20, '0')}` : '',
            tracking_status: 'UNKNOWN',
            tracking_url_provider: '',
            label_url: ok ? `${options.labelBase || base}/labels/${m.object_id}.pdf` : '',
            commercial_invoice_url: '',
            messages: ok ? [] : [carrierMessage],
            parcel: ((shipment.parcels as Json[])[0]?.object_id as string) ?? '',
            _to: ((shipment.address_to as Json).name as string) ?? '',
            _shipment: shipment.object_id,
          };
          transactions.set(m.object_id, t);
          const { _to, _shipment, ...out } = t;
          return reply(201, out);
        }
        const get = /^\/transactions\/(\w+)$/.exec(path);
        if (req.method === 'GET' && get) {
          const t = transactions.get(get[1]!);
          if (!t) return reply(404, { detail: 'Not found.' });
          const { _to, _shipment, ...out } = t;
          return reply(200, out);
        }
        if (req.method === 'POST' && path === '/refunds') {
          const t = transactions.get(String(body.transaction ?? ''));
          if (!t) return reply(400, { transaction: [`Transaction ${body.transaction} does not exist.`] });
          if (t.status !== 'SUCCESS') return reply(400, { __all__: ['Only successful transactions can be refunded.'] });
          t.status = 'REFUNDPENDING';
          refunded.push(t.object_id as string);
          return reply(201, { ...meta(), status: 'QUEUED', transaction: t.object_id });
        }
        return reply(404, { detail: 'Not found.' });
      })().catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: String(err) }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    shipments,
    transactions,
    refunded,
    options,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeShippo = Awaited<ReturnType<typeof startFakeShippo>>;
