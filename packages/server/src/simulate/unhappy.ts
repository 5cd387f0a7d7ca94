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

/** A package raises an exception at the removal station, staff resolve it: it is back where it was raised. */
async function exceptionResolved(d: DayContext): Promise<Outcome> {
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
  await call('station.shelve', 'POST', '/api/warehouse/shelve', { staff: d.staff.warehouse, body: { itemCode: line.itemCode, locationCode: 'A-01-01-01' } });
  const items = await call<{ list: { id: number; itemCode: string }[] }>('member.items', 'GET', '/api/open/v1/items', { member: d.member.token });
  const item = items.list.find((i) => i.itemCode === line.itemCode);
  if (!item) throw new CallError(`member.items: ${line.itemCode} is not packable`);
  const pack = await call<{ packageNo: string }>('member.pack', 'POST', '/api/open/v1/packs', {
    member: d.member.token,
    body: { itemIds: [item.id], channelId: d.channelId, addressId: d.member.addressId },
  });
  const detail = await call<{ id: number }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', {
    staff: d.staff.warehouse,
    query: { packageNo: pack.packageNo },
  });
  await call('station.pretrialPass', 'POST', '/api/warehouse/pretrial/pass', { staff: d.staff.warehouse, body: { id: detail.id, estimatedWeightG: 700 } });
  await call('member.payPack', 'POST', '/api/open/v1/packs/pay', { member: d.member.token, body: { packageNo: pack.packageNo } });
  const before = await packageStatus(d, pack.packageNo);
  await call('station.raise', 'POST', '/api/warehouse/exception/raise', {
    staff: d.staff.warehouse,
    body: { packageNo: pack.packageNo, type: 'item_damaged', reason: '外包装破损，已拍照' },
  });
  const open = await call<{ list: { id: number }[] }>('station.exceptions', 'GET', '/api/warehouse/exception/pageList', {
    staff: d.staff.warehouse,
    query: { packageNo: pack.packageNo, status: 'open' },
  });
  await call('station.resolve', 'POST', '/api/warehouse/exception/resolve', {
    staff: d.staff.warehouse,
    body: { id: open.list[0]!.id, resolution: '重新加固包装' },
  });
  return { path: 'exception resolved', ended: await packageStatus(d, pack.packageNo), expected: before };
}

const packageStatus = async (d: DayContext, packageNo: string) =>
  (await d.client.call<{ status: string }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', { staff: d.staff.warehouse, query: { packageNo } }))
    .status;

/** Every unhappy path, each once. */
const PATHS: ((d: DayContext) => Promise<Outcome>)[] = [qcProblemAnswered, exceptionResolved];

/**
 * Walks each unhappy path once; a path whose order or package does not end where it should is stuck. A call that
 * fails counts as an error (and its path as stuck); the day goes on.
 */
export async function walkUnhappyPaths(d: DayContext): Promise<UnhappyResult> {
  const result: UnhappyResult = { tried: 0, stuck: 0, stuckSamples: [] };
  for (const path of PATHS) {
    result.tried++;
    try {
      const o = await path(d);
      if (o.ended !== o.expected) {
        result.stuck++;
        result.stuckSamples.push(`${o.path}: ${o.ended} (expected ${o.expected})`);
      }
    } catch (err) {
      d.client.failed(err);
      result.stuck++;
      result.stuckSamples.push(`${path.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return result;
}
