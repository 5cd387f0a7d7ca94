import { CallError, type SimClient } from './client';
import { QC_PHOTO } from './unhappy';

/** Parcels to a sack: a sack a person lifts holds 20–30 kg (one of a thousand parcels would weigh a ton). */
const SACK_SIZE = 25;

/**
 * One person's work: each piece is started once the one before it is done, as a person at a station works through
 * what comes to them. The returned promise settles when that piece is done.
 */
function oneAtATime<T, R>(work: (piece: T) => Promise<R>): (piece: T) => Promise<R> {
  let last: Promise<unknown> = Promise.resolve();
  return (piece) => {
    const done = last.then(() => work(piece));
    last = done.catch(() => {});
    return done;
  };
}

export interface WarehouseStaff {
  client: SimClient;
  buyer: string;
  warehouse: string;
  rand: () => number;
}

/**
 * The staff's side of the day, worked as it comes rather than after the members: the purchaser buys each paid line and
 * the warehouse receives, photographs and shelves it (goods in); a paid package is removed from the shelf, packed,
 * weighed, labelled and sorted into the open sack, which is sealed and added to the day's batch once full (goods out).
 * Goods in and goods out are two people, each doing one thing at a time.
 */
export function warehouseDay(s: WarehouseStaff) {
  const { call, run } = s.client;
  let parcel = 0;
  let goodsInBegan: number | undefined;

  const goodsIn = oneAtATime(async (purchaseNo: string): Promise<void> => {
    goodsInBegan ??= performance.now();
    const found = await call<{ list: { id: number; paidAmount: number }[] }>('buy.find', 'GET', '/api/buy/pageList', {
      staff: s.buyer,
      query: { status: 'purchase_wait', numberType: 'purchaseNo', numberValue: purchaseNo },
    });
    const line = found.list[0];
    if (!line) throw new CallError(`buy.find: ${purchaseNo} not waiting`);
    await call('buy.claim', 'POST', '/api/buy/claim', { staff: s.buyer, body: { id: line.id } });
    const trackingNo = `SIM${run}${String(++parcel).padStart(6, '0')}`;
    await call('buy.purchased', 'POST', '/api/buy/purchased', {
      staff: s.buyer,
      body: { id: line.id, mallOrderNo: `M${run}${parcel}`, realPrice: line.paidAmount, trackingNo },
    });
    const received = await call<{ lines: { item: { itemCode: string } }[] }>('station.inbound', 'POST', '/api/warehouse/inbound/receive', {
      staff: s.warehouse,
      body: { trackingNo, lines: [{ id: line.id, weightG: 200 + Math.floor(s.rand() * 1_500), lengthMm: 300, widthMm: 200, heightMm: 100 }] },
    });
    const itemCode = received.lines[0]!.item.itemCode;
    const upload = await call<{ fileUri: string }>('station.upload', 'POST', '/api/upload/imageForBase64', {
      staff: s.warehouse,
      body: { type: 'qc', base64: QC_PHOTO },
    });
    await call('station.qcPhoto', 'POST', '/api/warehouse/qc/photo', {
      staff: s.warehouse,
      body: { itemCode, media: [{ fileUri: upload.fileUri, kind: 'image' }] },
    });
    await call('station.shelve', 'POST', '/api/warehouse/shelve', { staff: s.warehouse, body: { itemCode, locationCode: 'A-01-01-01' } });
  });

  let freightTopups = 0;
  const sorted: string[] = [];
  let batchId: Promise<number> | undefined;
  let sack: { code: string; parcels: number } | undefined;
  let sacks = 0;
  const theBatch = () =>
    (batchId ??= call<{ id: number }>('station.batchCreate', 'POST', '/api/warehouse/outBatch/create', {
      staff: s.warehouse,
      body: { carrier: 'Simulated carrier' },
    }).then((b) => b.id));
  async function sealSack(): Promise<void> {
    if (!sack) return;
    const code = sack.code;
    sack = undefined;
    await call('station.sackSeal', 'POST', '/api/warehouse/sack/seal', { staff: s.warehouse, body: { code } });
    await call('station.batchAddSack', 'POST', '/api/warehouse/outBatch/addSack', { staff: s.warehouse, body: { batchId: await theBatch(), sackCode: code } });
  }

  const goodsOut = oneAtATime(async (p: { member: string; packageNo: string; channelId: number }): Promise<void> => {
    const { packageNo } = p;
    const pkg = await call<{ items: { itemCode: string }[]; estimatedWeightG: number }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', {
      staff: s.warehouse,
      query: { packageNo },
    });
    for (const it of pkg.items)
      await call('station.removal', 'POST', '/api/warehouse/removal/scan', { staff: s.warehouse, body: { itemCode: it.itemCode, packageNo } });
    await call('station.packingOpen', 'POST', '/api/warehouse/packing/scan', { staff: s.warehouse, body: { code: packageNo } });
    for (const it of pkg.items)
      await call('station.packingItem', 'POST', '/api/warehouse/packing/item', { staff: s.warehouse, body: { packageNo, itemCode: it.itemCode } });
    // One package in four weighs well over its estimate: the member owes a freight top-up before it may leave.
    const heavy = s.rand() < 0.25;
    const weighed = await call<{ status: string }>('station.weigh', 'POST', '/api/warehouse/packing/weigh', {
      staff: s.warehouse,
      body: { packageNo, weightG: heavy ? pkg.estimatedWeightG * 2 + 1_000 : pkg.estimatedWeightG, lengthMm: 300, widthMm: 200, heightMm: 150 },
    });
    if (weighed.status === 'patch_wait') {
      await call('member.payPatch', 'POST', '/api/open/v1/packs/payPatch', { member: p.member, body: { packageNo } });
      freightTopups++;
    }
    await call('station.confirmLabel', 'POST', '/api/warehouse/packing/confirmLabel', { staff: s.warehouse, body: { packageNo, code: packageNo } });
    if (!sack) {
      const code = `SK${run}${String(++sacks).padStart(3, '0')}`;
      await call('station.sackBind', 'POST', '/api/warehouse/sack/bind', { staff: s.warehouse, body: { code, channelId: p.channelId } });
      sack = { code, parcels: 0 };
    }
    await call('station.sortPut', 'POST', '/api/warehouse/sorting/put', { staff: s.warehouse, body: { packageNo, sackCode: sack.code } });
    sorted.push(packageNo);
    if (++sack.parcels === SACK_SIZE) await sealSack();
  });

  /** The day's end, once goods out is done: the last sack sealed, the batch shipped. Returns the package numbers that left. */
  async function ship(): Promise<string[]> {
    if (!sorted.length) return [];
    await sealSack();
    await call('station.batchShip', 'POST', '/api/warehouse/outBatch/ship', {
      staff: s.warehouse,
      body: { batchId: await theBatch(), trackingNos: sorted.map((packageNo, k) => ({ packageNo, trackingNo: `SIM${run}T${k}` })) },
    });
    return sorted;
  }

  return { goodsIn, goodsOut, ship, freightTopups: () => freightTopups, goodsInBegan: () => goodsInBegan };
}
