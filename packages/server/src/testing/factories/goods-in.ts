import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { members, purchaseOrders, shelfLocations, shopOrders } from '../../db/schema';

let seq = 0;
const uniq = () => `${process.pid % 1000}${Date.now() % 100000}${++seq}`;

export interface LineOpts {
  status?: string;
  memberCode?: string;
  trackingNo?: string;
  mallType?: string;
  paidAmount?: number;
  purchaserId?: number | null;
  purchaserName?: string;
  props?: { name: string }[];
  title?: string;
  /** Put the line into an existing shop order. */
  orderId?: number;
  now?: Date;
}

/** Inserts a shop order with one purchase line (or a line into `orderId`) in the given status. */
export async function newLine(db: Db, o: LineOpts = {}): Promise<typeof purchaseOrders.$inferSelect> {
  const now = o.now ?? new Date('2026-01-15T08:00:00Z');
  const [m] = await db
    .select()
    .from(members)
    .where(eq(members.userCode, o.memberCode ?? 'U100001'));
  const paid = o.paidAmount ?? 12_800;
  let orderId = o.orderId;
  if (!orderId) {
    const [order] = await db
      .insert(shopOrders)
      .values({
        orderNo: `SO${uniq()}`,
        memberId: m.id,
        status: o.status === 'ordered' ? 'ordered' : 'paid',
        paidAmount: paid,
        payTime: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    orderId = order.id;
  }
  const [line] = await db
    .insert(purchaseOrders)
    .values({
      purchaseNo: `P${uniq()}`,
      orderId,
      memberId: m.id,
      status: o.status ?? 'purchase_wait',
      mallType: o.mallType ?? 'TB',
      productUrl: 'https://item.taobao.com/item.htm?id=1',
      title: o.title ?? '纯棉短袖T恤',
      props: o.props ?? [{ name: '颜色:白色' }, { name: '尺码:L' }],
      quantity: 1,
      unitPrice: paid,
      paidAmount: o.status === 'ordered' ? 0 : paid,
      purchaserId: o.purchaserId ?? null,
      purchaserName: o.purchaserName ?? '',
      trackingNo: o.trackingNo ?? '',
      payTime: o.status === 'ordered' ? null : now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return line;
}

export async function lineStatus(db: Db, id: number): Promise<string> {
  const [r] = await db.select({ status: purchaseOrders.status }).from(purchaseOrders).where(eq(purchaseOrders.id, id));
  return r.status;
}

/** Inserts shelf locations (active unless told). */
export async function newShelf(db: Db, code: string, active = true): Promise<void> {
  const [zone, row, level, slot] = code.split('-');
  const now = new Date('2026-01-15T08:00:00Z');
  await db
    .insert(shelfLocations)
    .values({ code, zone, row: Number(row), level: Number(level), slot: Number(slot), active, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** Balance of a member's account in `currency` (CNY unless told; 0 when none). */
export async function balanceOf(db: Db, memberId: number, currency = 'CNY'): Promise<number> {
  const rows = (await db.execute(
    sql`select balance::int as b from money_accounts where owner_type = 'member' and owner_id = ${memberId} and kind = 'balance' and currency = ${currency}`,
  )) as unknown as { rows: { b: number }[] };
  return rows.rows[0]?.b ?? 0;
}

/** The text of a PDF (pdf.js, as a reader would extract it). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  const out: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return out.join('\n');
}

/** A multipart/form-data body with one file field. */
export function multipartBody(field: string, filename: string, type: string, data: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----waystation${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
