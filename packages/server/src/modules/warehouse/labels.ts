import { eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { purchaseOrders, warehouseItems } from '../../db/schema';
import { notFound } from '../../core/errors';
import { renderItemLabel } from './label';
import { signedUrl, signingKey } from '../../platform/signing';
import { ITEM_LABEL_DOC } from '../purchase/queries';

async function itemWithLine(db: Db, code: string) {
  const [row] = await db
    .select({ item: warehouseItems, props: purchaseOrders.props, title: purchaseOrders.title })
    .from(warehouseItems)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, warehouseItems.purchaseId))
    .where(eq(warehouseItems.itemCode, code.toUpperCase()))
    .limit(1);
  if (!row) throw notFound(`商品 ${code} 不存在`);
  return row;
}

/** A signed label URL for an existing item. */
export async function labelUrlFor(db: Db, code: string, now: Date): Promise<{ url: string; itemCode: string }> {
  const { item } = await itemWithLine(db, code);
  return { url: signedUrl(await signingKey(db), ITEM_LABEL_DOC, item.itemCode, now), itemCode: item.itemCode };
}

/** The item label PDF (SPEC §3 label data: the date is when the item was received, the creator who received it). */
export async function labelPdf(db: Db, code: string): Promise<Buffer> {
  const { item, props, title } = await itemWithLine(db, code);
  return renderItemLabel({
    itemCode: item.itemCode,
    quickCode: [item.quickTop, item.quickBottom],
    weightG: item.weightG,
    volumeCm3: item.volumeCm3,
    propsList: props,
    title,
    date: item.createdAt,
    creator: item.creatorName,
  });
}
