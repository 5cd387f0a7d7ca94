import { CallError, type SimClient } from './client';

/** A 1×1 PNG: the QC photo every simulated item gets. */
export const QC_PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What the unhappy paths need of the day: the client, the staff sessions, a member with money and an address, a channel. */
export interface DayContext {
  client: SimClient;
  staff: { buyer: string; warehouse: string };
  member: { token: string; addressId: number };
  channelId: number;
  /** A unique suffix per call (tracking and order numbers). */
  next: () => string;
  log: (line: string) => void;
  /** The simulator's super admin (a demo server's sim-outbox): without it, the paths that need it are not walked. */
  admin?: string;
  /**
   * Runs the unpaid-order job as the server's runner does once the order is overdue (a test's server runs no jobs);
   * without it the simulator waits for the server's own runner.
   */
  cancelOverdueUnpaid?: () => Promise<void>;
}

/** How a path ended: where its order or package is, and where it should be. */
interface Outcome {
  path: string;
  ended: string;
  expected: string;
}

export interface UnhappyResult {
  tried: number;
  stuck: number;
  /** Paths that need the simulator's super admin (a verifier's code from the outbox, the pay-deadline setting): not walked here. */
  skipped: number;
  /** The paths that did not end where they should, as `path: ended (expected …)`. */
  stuckSamples: string[];
}

/** A member's order line bought, received and photographed: its purchase number, item code and line id. */
async function receivedLine(d: DayContext): Promise<{ purchaseNo: string; itemCode: string; id: number }> {
  const { call } = d.client;
  const member = d.member.token;
  const tag = d.next();
  const order = await call<{ orderNo: string; lines: { purchaseNo: string }[] }>('member.order', 'POST', '/api/open/v1/orders', {
    member,
    body: {
      lines: [
        {
          mallType: 'TB',
          productUrl: `https://item.example.com/unhappy/${tag}`,
          title: `模拟异常 ${tag}`,
          props: [{ name: '颜色:黑色' }],
          quantity: 1,
          unitPrice: 8_800,
        },
      ],
    },
  });
  await call('member.pay', 'POST', '/api/open/v1/orders/pay', { member, body: { orderNo: order.orderNo } });
  const purchaseNo = order.lines[0]!.purchaseNo;
  const found = await call<{ list: { id: number; paidAmount: number }[] }>('buy.find', 'GET', '/api/buy/pageList', {
    staff: d.staff.buyer,
    query: { status: 'purchase_wait', numberType: 'purchaseNo', numberValue: purchaseNo },
  });
  const line = found.list[0];
  if (!line) throw new CallError(`buy.find: ${purchaseNo} not waiting`);
  await call('buy.claim', 'POST', '/api/buy/claim', { staff: d.staff.buyer, body: { id: line.id } });
  const trackingNo = `SIMU${tag}`;
  await call('buy.purchased', 'POST', '/api/buy/purchased', {
    staff: d.staff.buyer,
    body: { id: line.id, mallOrderNo: `MU${tag}`, realPrice: line.paidAmount, trackingNo },
  });
  const received = await call<{ lines: { item: { itemCode: string } }[] }>('station.inbound', 'POST', '/api/warehouse/inbound/receive', {
    staff: d.staff.warehouse,
    body: { trackingNo, lines: [{ id: line.id, weightG: 600, lengthMm: 300, widthMm: 200, heightMm: 100 }] },
  });
  return { purchaseNo, itemCode: received.lines[0]!.item.itemCode, id: line.id };
}

const lineStatus = async (d: DayContext, id: number) =>
  (await d.client.call<{ status: string }>('buy.detail', 'GET', '/api/buy/detail', { staff: d.staff.buyer, query: { id } })).status;

/** QC finds a problem; the member answers "refund": the line ends refunded. */
async function qcProblemAnswered(d: DayContext): Promise<Outcome> {
  const line = await receivedLine(d);
  await d.client.call('station.qcProblem', 'POST', '/api/warehouse/qc/problem', {
    staff: d.staff.warehouse,
    body: { itemCode: line.itemCode, problem: 'wrong_size', note: '收到 S 码' },
  });
  await d.client.call('member.qcDecision', 'POST', '/api/open/v1/orders/qcDecision', {
    member: d.member.token,
    body: { purchaseNo: line.purchaseNo, decision: 'refund', remark: '不要了' },
  });
  return { path: 'qc problem answered', ended: await lineStatus(d, line.id), expected: 'refunded' };
}

/** A line taken on to its shelf (photographed, shelved): its item code, and its id as the member's items list has it. */
async function shelvedLine(d: DayContext, location = 'A-01-01-01') {
  const { call } = d.client;
  const line = await receivedLine(d);
  const upload = await call<{ fileUri: string }>('station.upload', 'POST', '/api/upload/imageForBase64', {
    staff: d.staff.warehouse,
    body: { type: 'qc', base64: QC_PHOTO },
  });
  await call('station.qcPhoto', 'POST', '/api/warehouse/qc/photo', {
    staff: d.staff.warehouse,
    body: { itemCode: line.itemCode, media: [{ fileUri: upload.fileUri, kind: 'image' }] },
  });
  await call('station.shelve', 'POST', '/api/warehouse/shelve', { staff: d.staff.warehouse, body: { itemCode: line.itemCode, locationCode: location } });
  return line;
}

/** Whether the member may pack the item (it is on the member's items list), and its id there. */
async function packableId(d: DayContext, itemCode: string): Promise<number | undefined> {
  const items = await d.client.call<{ list: { id: number; itemCode: string }[] }>('member.items', 'GET', '/api/open/v1/items', { member: d.member.token });
  return items.list.find((i) => i.itemCode === itemCode)?.id;
}

/** A pack order of one shelved item, as the member places it: its package number and id. */
async function packOf(d: DayContext, itemCode: string): Promise<{ packageNo: string; id: number }> {
  const itemId = await packableId(d, itemCode);
  if (!itemId) throw new CallError(`member.items: ${itemCode} is not packable`);
  const pack = await d.client.call<{ packageNo: string }>('member.pack', 'POST', '/api/open/v1/packs', {
    member: d.member.token,
    body: { itemIds: [itemId], channelId: d.channelId, addressId: d.member.addressId },
  });
  const detail = await d.client.call<{ id: number }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', {
    staff: d.staff.warehouse,
    query: { packageNo: pack.packageNo },
  });
  return { packageNo: pack.packageNo, id: detail.id };
}

const passPretrial = (d: DayContext, id: number) =>
  d.client.call('station.pretrialPass', 'POST', '/api/warehouse/pretrial/pass', { staff: d.staff.warehouse, body: { id, estimatedWeightG: 700 } });

/** A pack order passed and paid: waiting for removal. */
async function paidPack(d: DayContext, itemCode: string) {
  const pack = await packOf(d, itemCode);
  await passPretrial(d, pack.id);
  await d.client.call('member.payPack', 'POST', '/api/open/v1/packs/pay', { member: d.member.token, body: { packageNo: pack.packageNo } });
  return pack;
}

/** Pre-review fails (a battery, say); the member resubmits with a remark: the package is back in pre-review. */
async function pretrialFailResubmitted(d: DayContext): Promise<Outcome> {
  const line = await shelvedLine(d);
  const pack = await packOf(d, line.itemCode);
  await d.client.call('station.pretrialFail', 'POST', '/api/warehouse/pretrial/fail', {
    staff: d.staff.warehouse,
    body: { id: pack.id, reason: '含电池，请换可带电渠道' },
  });
  await d.client.call('member.resubmit', 'POST', '/api/open/v1/packs/resubmit', {
    member: d.member.token,
    body: { packageNo: pack.packageNo, remark: '已确认无电池' },
  });
  return { path: 'pre-review fail then resubmit', ended: await packageStatus(d, pack.packageNo), expected: 'pack_pretrial' };
}

/** The member cancels a quoted pack order before paying: it is canceled and its item packable again. */
async function memberCanceledUnpaid(d: DayContext): Promise<Outcome> {
  const line = await shelvedLine(d);
  const pack = await packOf(d, line.itemCode);
  await passPretrial(d, pack.id);
  await d.client.call('member.cancelPack', 'POST', '/api/open/v1/packs/cancel', { member: d.member.token, body: { packageNo: pack.packageNo } });
  const ended = `${await packageStatus(d, pack.packageNo)}, item ${(await packableId(d, line.itemCode)) ? 'packable' : 'not packable'}`;
  return { path: 'member cancels an unpaid pack order', ended, expected: 'canceled, item packable' };
}

/** A package raises an exception at the removal station, staff resolve it: it is back where it was raised. */
async function exceptionResolved(d: DayContext): Promise<Outcome> {
  const { call } = d.client;
  const line = await shelvedLine(d);
  const pack = await paidPack(d, line.itemCode);
  const before = await packageStatus(d, pack.packageNo);
  const id = await raise(d, pack.packageNo);
  await call('station.resolve', 'POST', '/api/warehouse/exception/resolve', { staff: d.staff.warehouse, body: { id, resolution: '重新加固包装' } });
  return { path: 'exception resolved', ended: await packageStatus(d, pack.packageNo), expected: before };
}

/**
 * An item is taken off its shelf for its package, the package raises an exception and is canceled: the item waits
 * for shelving, is shelved again, and is the member's to pack again.
 */
async function canceledItemsReshelved(d: DayContext): Promise<Outcome> {
  const { call } = d.client;
  const line = await shelvedLine(d);
  const pack = await paidPack(d, line.itemCode);
  await call('station.removal', 'POST', '/api/warehouse/removal/scan', {
    staff: d.staff.warehouse,
    body: { itemCode: line.itemCode, packageNo: pack.packageNo },
  });
  const id = await raise(d, pack.packageNo);
  await d.client.verified('station.exceptionCancel', '/api/warehouse/exception/cancel', { staff: d.staff.warehouse, body: { id, resolution: '会员要求取消' } });
  await call('station.shelve', 'POST', '/api/warehouse/shelve', { staff: d.staff.warehouse, body: { itemCode: line.itemCode, locationCode: 'A-01-01-02' } });
  const ended = `${await lineStatus(d, line.id)}, item ${(await packableId(d, line.itemCode)) ? 'packable' : 'not packable'}`;
  return { path: 'canceled package’s items re-shelved', ended, expected: 'shelved, item packable' };
}

/** The member pays freight quoted on 3 kg; the box weighs 600 g: the difference comes back, the package goes on. */
async function overpaidFreightRefunded(d: DayContext): Promise<Outcome> {
  const { call } = d.client;
  const line = await shelvedLine(d);
  const pack = await packOf(d, line.itemCode);
  await call('station.pretrialPass', 'POST', '/api/warehouse/pretrial/pass', { staff: d.staff.warehouse, body: { id: pack.id, estimatedWeightG: 3_000 } });
  await call('member.payPack', 'POST', '/api/open/v1/packs/pay', { member: d.member.token, body: { packageNo: pack.packageNo } });
  const { packageNo } = pack;
  await call('station.removal', 'POST', '/api/warehouse/removal/scan', { staff: d.staff.warehouse, body: { itemCode: line.itemCode, packageNo } });
  await call('station.packingOpen', 'POST', '/api/warehouse/packing/scan', { staff: d.staff.warehouse, body: { code: packageNo } });
  await call('station.packingItem', 'POST', '/api/warehouse/packing/item', { staff: d.staff.warehouse, body: { packageNo, itemCode: line.itemCode } });
  await call('station.weigh', 'POST', '/api/warehouse/packing/weigh', {
    staff: d.staff.warehouse,
    body: { packageNo, weightG: 600, lengthMm: 200, widthMm: 150, heightMm: 100 },
  });
  await call('station.confirmLabel', 'POST', '/api/warehouse/packing/confirmLabel', { staff: d.staff.warehouse, body: { packageNo, code: packageNo } });
  const detail = await call<{ status: string; patchStatus: string | null }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', {
    staff: d.staff.warehouse,
    query: { packageNo },
  });
  return { path: 'overpaid freight refunded', ended: `${detail.status}, ${detail.patchStatus}`, expected: 'wait_ship, patch_refund' };
}

interface Param {
  id: number;
  paramKey: string;
  paramValue: string;
  name: string;
  remark: string;
}
const DEADLINE_KEY = 'order.autoCancelMinutes';

/**
 * The one order the simulator leaves unpaid, placed before the other paths so that its minute runs while they are
 * walked. The simulator's super admin sets order.autoCancelMinutes to 1 for the placing and puts it back at once: an
 * order's pay deadline is fixed when it is placed.
 */
async function placeUnpaid(d: DayContext): Promise<{ orderNo: string }> {
  const { call, verified } = d.client;
  const staff = d.admin!;
  const { list } = await call<{ list: Param[] }>('admin.params', 'GET', '/api/param/pageList', { staff, query: { keyword: DEADLINE_KEY, page: 1, limit: 20 } });
  const param = list.find((p) => p.paramKey === DEADLINE_KEY);
  if (!param) throw new CallError(`unpaid order: ${DEADLINE_KEY} is not set on this server`);
  const edit = (paramValue: string) =>
    verified('admin.paramEdit', '/api/param/edit', {
      staff,
      body: { id: param.id, paramKey: param.paramKey, paramValue, name: param.name, remark: param.remark },
    });
  const tag = d.next();
  await edit('1');
  try {
    return await call<{ orderNo: string }>('member.order', 'POST', '/api/open/v1/orders', {
      member: d.member.token,
      body: {
        lines: [{ mallType: 'JD', productUrl: `https://item.example.com/unpaid/${tag}`, title: `未支付 ${tag}`, props: [], quantity: 1, unitPrice: 3_000 }],
      },
    });
  } finally {
    await edit(param.paramValue);
  }
}

/** A member orders and never pays: the unpaid-order job cancels the order at its pay deadline. */
async function unpaidAutoCanceled(d: DayContext, placed: Promise<{ orderNo: string }>): Promise<Outcome> {
  const { orderNo } = await placed;
  await d.cancelOverdueUnpaid?.();
  const status = async () =>
    (
      await d.client.call<{ status: string; payDeadline: string | null }>('member.orderDetail', 'GET', '/api/open/v1/orders/detail', {
        member: d.member.token,
        query: { orderNo },
      })
    ).status;
  let ended = await status();
  // The server's runner looks every 30 s: a minute's deadline is met within about 90 s of the placing.
  if (ended === 'ordered') d.log(`waiting for the unpaid-order job to cancel ${orderNo} (a minute after it was placed)`);
  for (const until = Date.now() + 120_000; ended === 'ordered' && Date.now() < until; ended = await status()) {
    await new Promise((r) => setTimeout(r, 3_000));
  }
  return { path: 'unpaid order auto-cancelled', ended, expected: 'canceled' };
}

/** Raises an exception on the package (its outer box damaged) and returns the open exception's id. */
async function raise(d: DayContext, packageNo: string): Promise<number> {
  await d.client.call('station.raise', 'POST', '/api/warehouse/exception/raise', {
    staff: d.staff.warehouse,
    body: { packageNo, type: 'item_damaged', reason: '外包装破损，已拍照' },
  });
  const open = await d.client.call<{ list: { id: number }[] }>('station.exceptions', 'GET', '/api/warehouse/exception/pageList', {
    staff: d.staff.warehouse,
    query: { packageNo, status: 'open' },
  });
  return open.list[0]!.id;
}

const packageStatus = async (d: DayContext, packageNo: string) =>
  (await d.client.call<{ status: string }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', { staff: d.staff.warehouse, query: { packageNo } }))
    .status;

/** Every unhappy path, each once. */
const PATHS: ((d: DayContext) => Promise<Outcome>)[] = [
  qcProblemAnswered,
  pretrialFailResubmitted,
  memberCanceledUnpaid,
  exceptionResolved,
  canceledItemsReshelved,
  overpaidFreightRefunded,
];

/**
 * Walks each unhappy path once; a path whose order or package does not end where it should is stuck. A call that
 * fails counts as an error (and its path as stuck); the day goes on.
 */
export async function walkUnhappyPaths(d: DayContext): Promise<UnhappyResult> {
  const result: UnhappyResult = { tried: 0, stuck: 0, skipped: 0, stuckSamples: [] };
  const walk = async (name: string, path: () => Promise<Outcome>) => {
    result.tried++;
    try {
      const o = await path();
      if (o.ended !== o.expected) {
        result.stuck++;
        result.stuckSamples.push(`${o.path}: ${o.ended} (expected ${o.expected})`);
      }
    } catch (err) {
      d.client.failed(err);
      result.stuck++;
      result.stuckSamples.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  const unpaid = d.admin ? placeUnpaid(d) : null;
  // Awaited by its path, last; a failed placing is that path's failure, not an unhandled rejection meanwhile.
  unpaid?.catch(() => {});
  for (const path of PATHS) {
    if (path === canceledItemsReshelved && !d.client.canVerify) {
      result.skipped++;
      continue;
    }
    await walk(path.name, () => path(d));
  }
  if (unpaid) await walk(unpaidAutoCanceled.name, () => unpaidAutoCanceled(d, unpaid));
  else result.skipped++;
  return result;
}
