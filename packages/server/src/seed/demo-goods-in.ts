import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { admins, members, purchaseOrders, shelfLocations, shopOrders, traceEvents, unclaimedParcels, warehouseItems } from '../db/schema';
import { boxFor } from './demo-goods-out';

/** Products members order on the marketplaces (title, marketplace, unit price in fen, props). */
const PRODUCTS: [string, string, number, string[]][] = [
  ['纯棉短袖T恤 宽松百搭', 'TB', 5_900, ['颜色:白色', '尺码:L']],
  ['复古运动鞋 男女同款', 'TB', 28_900, ['颜色:黑白', '尺码:42']],
  ['机械键盘 87键 青轴', 'JD', 32_900, ['轴体:青轴', '颜色:白色']],
  ['陶瓷马克杯 大容量', 'T1688', 1_800, ['颜色:奶油黄']],
  ['二手胶片相机 成色九新', 'XY', 65_000, []],
  ['手工皮革钱包', 'WD', 12_800, ['颜色:棕色']],
  ['蓝牙耳机 降噪版', 'JD', 49_900, ['颜色:黑色', '版本:标准版']],
  ['汉服 改良日常款', 'TB', 21_800, ['颜色:藕粉', '尺码:M']],
  ['手机壳 透明防摔', 'T1688', 900, ['型号:iPhone 15']],
  ['帆布双肩包', 'TB', 8_900, ['颜色:卡其色']],
  ['紫砂茶具套装', 'WD', 39_900, []],
  ['毛绒玩具 熊猫', 'T1688', 3_500, ['尺寸:40cm']],
];

/** Statuses the demo lines start in: a working desk for purchasers and the stations. */
const PLAN: string[] = [
  'purchase_wait',
  'purchase_wait',
  'purchase_wait',
  'purchase_wait',
  'purchase_wait',
  'purchase_wait',
  'purchase_wait',
  'purchase_wait',
  'purchasing',
  'purchasing',
  'purchasing',
  'purchase_hold',
  'purchase_hold',
  'purchase_patch',
  'purchased',
  'purchased',
  'purchased',
  'purchased',
  'purchased',
  'purchased',
  'stocking_input',
  'stocking_input',
  'stocking_input',
  'stocking_photo',
  'stocking_photo',
  'stocking_photo',
  'shelved',
  'shelved',
  'shelved',
  'shelved',
  'ordered',
  'ordered',
  'canceled',
  'refunded',
];

/** The trace a line in `status` has been through, oldest first. */
const PATH: Record<string, [type: string, event: string, from: string, to: string][]> = {
  purchasing: [['purchase_claim', 'claim', 'purchase_wait', 'purchasing']],
  purchase_hold: [
    ['purchase_claim', 'claim', 'purchase_wait', 'purchasing'],
    ['purchase_hold', 'hold', 'purchasing', 'purchase_hold'],
  ],
  purchase_patch: [
    ['purchase_claim', 'claim', 'purchase_wait', 'purchasing'],
    ['purchase_patch', 'patch_request', 'purchasing', 'purchase_patch'],
  ],
  purchased: [
    ['purchase_claim', 'claim', 'purchase_wait', 'purchasing'],
    ['purchase_complete', 'purchase', 'purchasing', 'purchased'],
  ],
};
PATH.stocking_input = [...PATH.purchased, ['stocking_input', 'inbound', 'purchased', 'stocking_input']];
PATH.stocking_photo = [...PATH.stocking_input, ['stocking_photo', 'photo', 'stocking_input', 'stocking_photo']];
PATH.shelved = [...PATH.stocking_photo, ['stocking_shelved', 'shelve', 'stocking_photo', 'shelved']];
PATH.canceled = [['purchase_cancel', 'cancel', 'ordered', 'canceled']];
PATH.refunded = [
  ['purchase_cancel', 'cancel', 'purchase_wait', 'canceled'],
  ['refund', 'refund', 'canceled', 'refunded'],
];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Demo goods-in: shelf zone A, 34 order lines across every desk and station status, one unclaimed parcel. */
export async function seedGoodsInDemo(db: Db, now: Date): Promise<void> {
  const locs = [];
  for (let r = 1; r <= 2; r++)
    for (let l = 1; l <= 3; l++)
      for (let s = 1; s <= 5; s++)
        locs.push({ code: `A-${pad(r)}-${pad(l)}-${pad(s)}`, zone: 'A', row: r, level: l, slot: s, active: true, createdAt: now, updatedAt: now });
  locs.push({ code: 'B-01-01-01', zone: 'B', row: 1, level: 1, slot: 1, active: false, createdAt: now, updatedAt: now });
  await db.insert(shelfLocations).values(locs).onConflictDoNothing();
  const shelves = await db.select().from(shelfLocations).where(eq(shelfLocations.zone, 'A'));

  const people = await db
    .select()
    .from(members)
    .where(inArray(members.userCode, ['U100001', 'U100002', 'U100003', 'U100004', 'U100005', 'U100006', 'U100007', 'U100008']));
  const [buyer] = await db.select().from(admins).where(eq(admins.username, 'purchaser1'));
  const [keeper] = await db.select().from(admins).where(eq(admins.username, 'warehouse1'));
  if (!people.length || !buyer || !keeper) return;
  const stamp = `${now.getUTCFullYear() % 100}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}`;

  for (let i = 0; i < PLAN.length; i++) {
    const status = PLAN[i];
    const m = people[i % people.length];
    const [title, mall, price, props] = PRODUCTS[i % PRODUCTS.length];
    const created = new Date(now.getTime() - (PLAN.length - i) * 3_600_000);
    const paid = status !== 'ordered';
    const [order] = await db
      .insert(shopOrders)
      .values({
        orderNo: `SO${stamp}${pad(i + 1, 4)}`,
        memberId: m.id,
        status: paid ? 'paid' : 'ordered',
        paidAmount: paid ? price : 0,
        payTime: paid ? created : null,
        // The demo's order.autoCancelMinutes (3 days) as it was when these orders were placed.
        payDeadline: paid ? null : new Date(created.getTime() + 3 * 86_400_000),
        createdAt: created,
        updatedAt: created,
      })
      .onConflictDoNothing()
      .returning();
    if (!order) continue;
    const claimed = !['purchase_wait', 'ordered', 'canceled', 'refunded'].includes(status);
    const bought = ['purchased', 'stocking_input', 'stocking_photo', 'shelved'].includes(status);
    // Lines 15-17 share one seller parcel: the inbound station shows several lines for one scan.
    const tracking = bought ? (i >= 14 && i <= 16 ? `YT${stamp}0001` : `SF${stamp}${pad(i + 1, 4)}`) : '';
    const [line] = await db
      .insert(purchaseOrders)
      .values({
        purchaseNo: `P${stamp}${pad(i + 1, 4)}`,
        orderId: order.id,
        memberId: m.id,
        status,
        mallType: mall,
        productUrl: `https://example.com/${mall.toLowerCase()}/item/${1000 + i}`,
        title,
        props: props.map((name) => ({ name })),
        quantity: 1 + (i % 3 === 0 ? 1 : 0),
        unitPrice: price,
        // An unpaid line holds what the member owes for it, as a placed order's line does: the member can pay it.
        paidAmount: paid ? price : price * (1 + (i % 3 === 0 ? 1 : 0)),
        memberRemark: i % 4 === 0 ? '请帮忙检查有无瑕疵' : '',
        purchaserId: claimed ? buyer.id : null,
        purchaserName: claimed ? buyer.name : '',
        holdReason: status === 'purchase_hold' ? '等待卖家确认库存' : status === 'canceled' || status === 'refunded' ? '会员要求取消' : '',
        holdFrom: status === 'purchase_hold' ? 'purchasing' : null,
        patchStatus: status === 'purchase_patch' ? 'purchase_patch' : null,
        patchAmount: status === 'purchase_patch' ? 1_200 : 0,
        mallOrderNo: bought ? `${mall}${stamp}${pad(i + 1, 6)}` : '',
        realPrice: bought ? price - 100 : null,
        domesticFee: bought ? 800 : null,
        trackingNo: tracking,
        logisticsStatus: bought ? (status === 'purchased' ? 'TRANSPORT' : 'SIGN') : null,
        refundedAmount: status === 'refunded' ? price : 0,
        payTime: paid ? created : null,
        purchaseEndTime: bought ? new Date(created.getTime() + 1_800_000) : null,
        cancelTime: status === 'canceled' || status === 'refunded' ? created : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    const steps = PATH[status] ?? [];
    if (steps.length) {
      await db.insert(traceEvents).values(
        steps.map(([type, event, from, to], k) => {
          const warehouse = ['inbound', 'photo', 'shelve'].includes(event);
          return {
            purchaseId: line.id,
            type,
            event,
            fromStatus: from,
            toStatus: to,
            actorId: warehouse ? keeper.id : buyer.id,
            actorName: warehouse ? keeper.name : buyer.name,
            note: event === 'hold' ? line.holdReason : event === 'purchase' ? `平台订单号 ${line.mallOrderNo}` : event === 'shelve' ? '' : '',
            createdAt: new Date(created.getTime() + (k + 1) * 600_000),
          };
        }),
      );
    }
    if (['stocking_input', 'stocking_photo', 'shelved'].includes(status)) {
      const shelf = status === 'shelved' ? shelves[i % shelves.length] : null;
      // Goods of many sizes: 200 g to 1.1 kg, each in a box of its own shape.
      const weightG = 200 + ((i * 137) % 900);
      const [lengthMm, widthMm, heightMm] = boxFor(weightG, i);
      await db.insert(warehouseItems).values({
        itemCode: `WI${pad(line.id, 8)}`,
        purchaseId: line.id,
        memberId: m.id,
        quickTop: m.userCode,
        quickBottom: pad(line.id % 10000, 4),
        trackingNo: tracking,
        quantity: line.quantity,
        weightG,
        lengthMm,
        widthMm,
        heightMm,
        volumeCm3: (lengthMm * widthMm * heightMm) / 1000,
        shelfLocationId: shelf?.id ?? null,
        shelfCode: shelf?.code ?? null,
        shelvedAt: shelf ? new Date(created.getTime() + 2_400_000) : null,
        creatorId: keeper.id,
        creatorName: keeper.name,
        createdAt: new Date(created.getTime() + 1_800_000),
        updatedAt: created,
      });
    }
  }
  await db
    .insert(unclaimedParcels)
    .values({ trackingNo: `ZT${stamp}9999`, weightG: 640, note: '面单模糊，无法识别收件人', creatorId: keeper.id, creatorName: keeper.name, createdAt: now })
    .onConflictDoNothing();
}
