import type { PackageAddress } from '../../../db/schema/goods-out';
import { safeFetch } from '../../../core/outbound';
import { easypost } from './easypost';
import { sandbox } from './sandbox';
import { shippo } from './shippo';

/**
 * Carriers (issue #33.2): a forwarder with a carrier account books each package's shipment through the carrier's API
 * at packing and prints the carrier's label with its tracking number; an exception cancels it. One adapter per carrier.
 */

/** The sender's address, as a carrier's booking needs it. */
export interface CarrierAddress {
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string;
}

/** The sender's address field by field, as the carriers' APIs take it (nothing else of the object goes along). */
export const addressOf = (a: CarrierAddress) => ({
  name: a.name,
  company: a.company,
  street1: a.street1,
  street2: a.street2,
  city: a.city,
  state: a.state,
  zip: a.zip,
  country: a.country,
  phone: a.phone,
});

/** A forwarder's carrier account, its key opened. */
export interface CarrierAccount {
  apiKey: string;
  /** '' = the carrier's own API address. */
  apiBase: string;
  /** The service to buy ('' = the cheapest rate). */
  service: string;
  from: CarrierAddress;
}

/** One customs declaration line as carriers take it. */
export interface CarrierCustomsLine {
  description: string;
  quantity: number;
  /** The line's total value (quantity × unit value), in major units of `currency`. */
  value: number;
  currency: string;
  weightG: number;
  hsCode: string;
  origin: string;
}

export interface CarrierPackage {
  packageNo: string;
  address: PackageAddress;
  countryCode: string;
  weightG: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  customs: CarrierCustomsLine[];
}

export interface CarrierBooking {
  trackingNo: string;
  labelPdf: Buffer;
  /** The carrier's id of the shipment (cancelShipment names it). */
  carrierRef: string;
}

export interface Carrier {
  /** What staff see in lists. */
  label: string;
  bookShipment(account: CarrierAccount, pkg: CarrierPackage): Promise<CarrierBooking>;
  cancelShipment(account: CarrierAccount, carrierRef: string): Promise<void>;
}

/**
 * A carrier's answer that it will not do what was asked (bad key, invalid address, no rate): the message is shown to
 * the packer as it is. Any other failure (the carrier unreachable) is a CarrierError too, with its own message.
 */
export class CarrierError extends Error {
  constructor(
    message: string,
    /** The shipment the carrier sold before the failure (its label could not be fetched): booking cancels it. */
    readonly boughtRef = '',
  ) {
    super(message);
  }
}

/**
 * A bought label's PDF, fetched like any outbound call (public or allowed hosts only). A failure names the bought
 * shipment, so that booking cancels it at the carrier: no label is paid for and left unused.
 */
export async function fetchBoughtLabel(carrier: string, url: string, boughtRef: string): Promise<Buffer> {
  try {
    const res = await safeFetch(url, { timeoutMs: 20_000 });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new CarrierError(`承运商 ${carrier} 的面单下载失败（${(err as Error).message}），已买的运单将被取消`, boughtRef);
  }
}

export const CARRIERS = { easypost, shippo, sandbox } as const satisfies Record<string, Carrier>;
export type CarrierCode = keyof typeof CARRIERS;
export const isCarrierCode = (c: string): c is CarrierCode => Object.hasOwn(CARRIERS, c);
