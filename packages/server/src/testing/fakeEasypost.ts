import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newPdf } from '../platform/pdf';

/**
 * EasyPost's API as its reference documents it (https://docs.easypost.com/docs/shipments), on a local port: a
 * Shipment created with its rates, bought at one rate (tracking_code, postage_label.label_url to a real PDF this
 * server serves), refunded; HTTP Basic auth with the API key as user; errors as EasyPost's error object
 * ({ error: { code, message, errors } }): 401 for a bad key, 422 for an address it cannot ship to.
 */

export const FAKE_EASYPOST_KEY = 'EZTK0123456789abcdefWAYSTATION4242';

export interface EasypostCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

interface StoredShipment {
  id: string;
  params: Record<string, unknown>;
  rates: { id: string; object: 'Rate'; carrier: string; service: string; rate: string; currency: string; shipment_id: string }[];
  trackingCode: string;
  refundStatus: string | null;
}

const RATES: [carrier: string, service: string, rate: string][] = [
  ['USPS', 'FirstClassPackageInternationalService', '14.20'],
  ['USPS', 'PriorityMailInternational', '48.35'],
  ['DHLExpress', 'ExpressWorldwideNonDoc', '62.10'],
];

export async function startFakeEasypost() {
  const calls: EasypostCall[] = [];
  const shipments = new Map<string, StoredShipment>();
  const bought: string[] = [];
  const refunded: string[] = [];
  /** `down`: the label file host answers 503 (a label bought but not fetched). */
  const files = { down: false };
  let seq = 0;
  const shipmentJson = (s: StoredShipment, base: string) => ({
    id: s.id,
    object: 'Shipment',
    mode: 'test',
    reference: s.params.reference ?? null,
    to_address: s.params.to_address,
    from_address: s.params.from_address,
    parcel: s.params.parcel,
    customs_info: s.params.customs_info,
    options: s.params.options,
    rates: s.rates,
    tracking_code: s.trackingCode || null,
    postage_label: s.trackingCode
      ? { object: 'PostageLabel', label_file_type: 'application/pdf', label_url: `${base}/files/postage_label/${s.id}.pdf`, label_pdf_url: null }
      : null,
    refund_status: s.refundStatus,
  });
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      void (async () => {
        const base = `http://${req.headers.host}`;
        const reply = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-ep-request-uuid': `fake-${++seq}` });
          res.end(JSON.stringify(json));
        };
        const error = (status: number, code: string, message: string, errors: unknown[] = []) => reply(status, { error: { code, message, errors } });
        const path = (req.url ?? '').split('?')[0]!;
        // The label files are on EasyPost's file host: public links, no key.
        const file = /^\/files\/postage_label\/(shp_\w+)\.pdf$/.exec(path);
        if (req.method === 'GET' && file) {
          if (files.down) return error(503, 'SERVICE_UNAVAILABLE', 'The file host is not answering.');
          const s = shipments.get(file[1]!);
          if (!s?.trackingCode) return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
          const { doc, done } = await newPdf([100, 150], `EasyPost label ${s.trackingCode}`);
          doc.font('cjk-bold').fontSize(16).text('EasyPost test label', 20, 30);
          doc.font('cjk').fontSize(12).text(`TRACKING # ${s.trackingCode}`, 20, 70);
          doc.text(String((s.params.to_address as { name?: string })?.name ?? ''), 20, 100);
          doc.end();
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end(await done);
        }
        const auth = req.headers.authorization ?? '';
        const user = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0] : '';
        if (user !== FAKE_EASYPOST_KEY)
          return error(401, 'APIKEY.INACTIVE', 'This api key is no longer active. Please use a different api key or reactivate this key.');
        const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
        calls.push({ method: req.method ?? '', path, body });
        if (req.method === 'POST' && path === '/v2/shipments') {
          const params = (body.shipment ?? {}) as Record<string, unknown>;
          const to = (params.to_address ?? {}) as Record<string, string>;
          const missing = ['street1', 'city', 'country'].filter((f) => !to[f]);
          if (missing.length) {
            return error(
              422,
              'ADDRESS.VERIFY.FAILURE',
              'Unable to verify address.',
              missing.map((f) => ({ field: f, message: `${f} is required`, suggestion: null })),
            );
          }
          const id = `shp_${(++seq).toString(16).padStart(8, '0')}${Date.now().toString(16)}`;
          const s: StoredShipment = {
            id,
            params,
            rates: RATES.map(([carrier, service, rate], i) => ({
              id: `rate_${id.slice(4)}${i}`,
              object: 'Rate',
              carrier,
              service,
              rate,
              currency: 'USD',
              shipment_id: id,
            })),
            trackingCode: '',
            refundStatus: null,
          };
          shipments.set(id, s);
          return reply(201, shipmentJson(s, base));
        }
        const buy = /^\/v2\/shipments\/(shp_\w+)\/buy$/.exec(path);
        if (req.method === 'POST' && buy) {
          const s = shipments.get(buy[1]!);
          if (!s) return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
          if (s.trackingCode) return error(422, 'SHIPMENT.POSTAGE.EXISTS', 'A postage label has already been purchased for this shipment.');
          const rate = s.rates.find((r) => r.id === (body.rate as { id?: string })?.id);
          if (!rate) return error(422, 'SHIPMENT.RATE.INVALID', 'The rate provided is not valid for this shipment.');
          s.trackingCode = `9400${String(100_000_000 + bought.length).padStart(18, '0')}`;
          bought.push(s.id);
          return reply(200, { ...shipmentJson(s, base), selected_rate: rate });
        }
        const refund = /^\/v2\/shipments\/(shp_\w+)\/refund$/.exec(path);
        if (req.method === 'POST' && refund) {
          const s = shipments.get(refund[1]!);
          if (!s) return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
          if (!s.trackingCode) return error(422, 'SHIPMENT.REFUND.UNAVAILABLE', 'This shipment has no postage to refund.');
          s.refundStatus = 'submitted';
          refunded.push(s.id);
          return reply(200, shipmentJson(s, base));
        }
        return error(404, 'NOT_FOUND', 'The requested resource could not be found.');
      })().catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'INTERNAL_SERVER_ERROR', message: String(err), errors: [] } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    shipments,
    bought,
    refunded,
    files,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeEasypost = Awaited<ReturnType<typeof startFakeEasypost>>;
