import net from 'node:net';
import type EasyPostClient from '@easypost/api';
import type { IRate } from '@easypost/api';
import { pinnedLookup, resolvePublicHost } from '../../../core/outbound';
import type { Carrier, CarrierAccount, CarrierPackage } from './index';
import { addressOf, CarrierError, fetchBoughtLabel } from './index';

/**
 * EasyPost (https://docs.easypost.com), through its official SDK: a Shipment with both addresses, the parcel and the
 * customs info from our declaration; the lowest rate of the configured service bought; the label in PDF; cancel =
 * refund. Tested against testing/fakeEasypost.ts, a local server answering as EasyPost's API reference documents.
 */

const OFFICIAL = 'https://api.easypost.com/v2/';
const NAME = 'EasyPost';

/** Where the SDK calls: the forwarder's API address (its /v2/ root) or EasyPost's own. */
function baseOf(apiBase: string): URL {
  const base = new URL(apiBase || OFFICIAL);
  if (base.pathname === '/' || base.pathname === '') base.pathname = '/v2/';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

/**
 * The SDK for an account, its every request kept to the checked API address. The SDK talks through superagent, not
 * fetch, so safeFetch cannot carry it: its request middleware does what safeFetch does instead — the host is checked
 * (resolvePublicHost, the allow-list honoured) before the client is made, each request must go to that host, connects
 * to the very address checked (superagent's lookup) and follows no redirect.
 */
async function client(account: CarrierAccount): Promise<InstanceType<typeof EasyPostClient>> {
  const base = baseOf(account.apiBase);
  const address = await resolvePublicHost(base.hostname);
  const lookup = net.isIP(address) ? pinnedLookup(address) : undefined;
  // The SDK loads at its first use: it is large (tens of MB and about half a second to load) and most servers never call it.
  const { default: EasyPost } = await import('@easypost/api');
  return new EasyPost(account.apiKey, {
    baseUrl: base.href,
    timeout: 20_000,
    requestMiddleware: (req: { url: string; redirects(n: number): unknown; lookup(fn: net.LookupFunction): unknown }) => {
      if (new URL(req.url).host !== base.host) throw new CarrierError(`${NAME} 请求的地址 ${new URL(req.url).host} 不是配置的 API 地址`);
      req.redirects(0);
      if (lookup) req.lookup(lookup);
      return req;
    },
  });
}

/** The carrier's refusal in words the packer reads; the carrier's own message kept. */
function failure(err: unknown, what: 'book' | 'cancel'): CarrierError {
  if (err instanceof CarrierError) return err;
  const e = err as { statusCode?: number; message?: string; errors?: { field?: string; message?: string }[] };
  const detail = [e.message, ...(e.errors ?? []).map((f) => [f.field, f.message].filter(Boolean).join(' '))].filter(Boolean).join('; ');
  if (e.statusCode === 401 || e.statusCode === 403) return new CarrierError(`承运商 ${NAME} 拒绝了 API key：${detail}`);
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return new CarrierError(what === 'book' ? `承运商 ${NAME} 拒绝订舱：${detail}` : `承运商 ${NAME} 拒绝取消运单：${detail}`);
  }
  return new CarrierError(`承运商 ${NAME} 暂时无法连接：${detail || String(err)}`);
}

const oz = (g: number) => Math.max(0.1, Math.round((g / 28.349523125) * 10) / 10);
const inches = (mm: number) => Math.max(0.1, Math.round((mm / 25.4) * 10) / 10);

function shipmentParams(account: CarrierAccount, p: CarrierPackage) {
  const to = p.address;
  return {
    reference: p.packageNo,
    from_address: addressOf(account.from),
    to_address: { name: to.receiver, street1: to.address, city: to.city, state: to.province, zip: to.postcode, country: p.countryCode, phone: to.phone },
    parcel: { length: inches(p.lengthMm), width: inches(p.widthMm), height: inches(p.heightMm), weight: oz(p.weightG) },
    customs_info: {
      contents_type: 'merchandise',
      customs_certify: true,
      customs_signer: account.from.name,
      non_delivery_option: 'return',
      restriction_type: 'none',
      eel_pfc: 'NOEEI 30.37(a)',
      customs_items: p.customs.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        value: l.value,
        currency: l.currency,
        weight: oz(l.weightG),
        hs_tariff_number: l.hsCode,
        origin_country: l.origin,
      })),
    },
    options: { label_format: 'PDF' },
  };
}

export const easypost: Carrier = {
  label: NAME,
  async bookShipment(account, p) {
    try {
      const ep = await client(account);
      const shipment = await ep.Shipment.create(shipmentParams(account, p));
      const wanted = account.service.trim().toLowerCase();
      const rates = ((shipment.rates ?? []) as IRate[]).filter((r) => !wanted || r.service.toLowerCase() === wanted);
      if (!rates.length) {
        throw new CarrierError(wanted ? `承运商 ${NAME} 没有服务 ${account.service} 的运价` : `承运商 ${NAME} 没有可用的运价`);
      }
      const lowest = rates.reduce((a, b) => (Number.parseFloat(b.rate) < Number.parseFloat(a.rate) ? b : a));
      const bought = await ep.Shipment.buy(shipment.id, lowest);
      const labelUrl = bought.postage_label?.label_pdf_url || bought.postage_label?.label_url;
      if (!labelUrl || !bought.tracking_code) throw new CarrierError(`承运商 ${NAME} 没有返回面单或运单号`, shipment.id);
      // The label file is on the carrier's file host.
      return { trackingNo: bought.tracking_code, labelPdf: await fetchBoughtLabel(NAME, labelUrl, shipment.id), carrierRef: shipment.id };
    } catch (err) {
      throw failure(err, 'book');
    }
  },
  async cancelShipment(account, carrierRef) {
    try {
      const refunded = await (await client(account)).Shipment.refund(carrierRef);
      if (refunded.refund_status === 'rejected') throw new CarrierError(`承运商 ${NAME} 拒绝取消运单：refund rejected`);
    } catch (err) {
      throw failure(err, 'cancel');
    }
  },
};
