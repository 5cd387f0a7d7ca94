import type { PackageStatus } from '@waystation/shared/vocab/goods-out';
import type { Db } from '../db';
import { channelIdOf, newPackage, systemOp } from '../modules/goodsOut/factory';
import { bindSack } from '../modules/goodsOut/sorting';

const TITLES = [
  '帆布双肩包',
  '陶瓷马克杯 大容量',
  '机械键盘 87键 青轴',
  '汉服 改良日常款',
  '毛绒玩具 熊猫',
  '蓝牙耳机 降噪版',
  '手工皮革钱包',
  '复古运动鞋 男女同款',
];
const NO_URLS = { sackLabel: () => '', manifestPdf: () => '', manifestXlsx: () => '' };

/** Box shapes (length : width : height) and how many cm³ a gram of goods takes: flat, long, cubic, … */
const SHAPES: [l: number, w: number, h: number, cm3PerG: number][] = [
  [1.5, 1.0, 0.6, 3.2],
  [1.3, 1.0, 0.35, 4.0],
  [2.4, 0.9, 0.4, 2.2],
  [1.2, 1.0, 0.8, 2.6],
  [1.0, 0.75, 0.3, 4.2],
  [1.4, 1.2, 0.7, 3.6],
  [1.1, 1.0, 1.0, 1.8],
];

/**
 * A plausible box (mm) for goods of `weightG`, of the k-th shape, whole centimetres: its volumetric weight stays under
 * the weight (at most 4.4 cm³ per gram; the demo channels divide by 5,000 to 8,000), so packing never bills a top-up.
 */
export function boxFor(weightG: number, k: number): [number, number, number] {
  const [l, w, h, density] = SHAPES[k % SHAPES.length];
  const side = Math.cbrt((weightG * density * 1000) / (l * w * h));
  const cm = (r: number) => Math.max(20, Math.floor((side * r) / 10) * 10);
  return [cm(l), cm(w), cm(h)];
}

/** Each demo package's goods: the weight of each item (g) and the box's own weight (g). */
const GOODS: [itemG: number, boxG: number][] = [
  [420, 120],
  [260, 90],
  [880, 160],
  [1150, 180],
  [180, 60],
  [640, 140],
  [95, 50],
  [1500, 220],
  [330, 100],
];

/** [status, member, channel, country, items, shelves] of the demo packages: every station has work. */
const PLAN: [PackageStatus, string, string, string, number, string[]][] = [
  ['pack_pretrial', 'U100001', 'EMS', 'US', 2, ['A-01-01-02', 'A-01-02-01']],
  ['pack_pretrial', 'U100002', 'DHL', 'DE', 1, ['A-01-02-03']],
  ['pack_pretrial', 'U100003', 'ECO-AIR', 'GB', 3, ['A-02-01-01', 'A-02-01-02', 'A-02-01-03']],
  ['pack_pretrial_pass', 'U100004', 'EMS', 'JP', 1, ['A-01-03-01']],
  ['remove_wait', 'U100005', 'EMS', 'US', 2, ['A-01-01-03', 'A-02-02-01']],
  ['remove_wait', 'U100006', 'DHL', 'US', 1, ['A-01-01-04']],
  ['remove_wait', 'U100007', 'EMS', 'US', 2, ['A-02-02-02', 'A-02-03-01']],
  ['removing', 'U100008', 'EMS', 'GB', 2, ['A-01-02-02', 'A-01-03-02']],
  ['removed', 'U100001', 'EMS', 'US', 2, ['A-02-03-02', 'A-02-03-03']],
  ['removed', 'U100002', 'ECO-AIR', 'US', 1, ['A-01-01-05']],
  ['packing', 'U100003', 'DHL', 'FR', 1, ['A-02-01-04']],
  ['packed', 'U100004', 'EMS', 'US', 2, ['A-01-02-04', 'A-01-02-05']],
  ['patch_wait', 'U100005', 'EMS', 'US', 1, ['A-02-02-03']],
  ['pending_launch', 'U100006', 'EMS', 'US', 1, ['A-02-02-04']],
  ['wait_ship', 'U100007', 'EMS', 'US', 1, ['A-01-03-03']],
  ['wait_ship', 'U100008', 'DHL', 'DE', 2, ['A-01-03-04', 'A-01-03-05']],
  ['sorted', 'U100001', 'ECO-AIR', 'US', 1, ['A-02-01-05']],
  ['shipped', 'U100002', 'EMS', 'US', 2, ['A-02-02-05', 'A-02-03-04']],
  ['exception', 'U100003', 'EMS', 'US', 1, ['A-02-03-05']],
];

/**
 * Demo goods-out: packages in every status of the journey, made through the station services so each has its
 * trace; an open EMS sack for sorting; a shipped batch with its manifest; one over-weight package in patch_wait.
 */
export async function seedGoodsOutDemo(db: Db, now: Date): Promise<void> {
  const start = now.getTime() - PLAN.length * 3_600_000;
  for (const [i, [status, memberCode, channel, country, items, shelves]] of PLAN.entries()) {
    const [itemWeightG, boxG] = GOODS[i % GOODS.length];
    const packedWeightG = itemWeightG * items + boxG;
    const bulky = status === 'patch_wait' || status === 'pending_launch';
    await newPackage(db, {
      status,
      memberCode,
      channel,
      country,
      items,
      shelves,
      titles: TITLES.slice(i % TITLES.length),
      now: new Date(start + i * 3_600_000),
      itemWeightG,
      itemDims: boxFor(itemWeightG, i + 3),
      packedWeightG,
      // Pre-review estimates a little over what the scale says (the box not yet chosen).
      estimatedWeightG: packedWeightG + 20 + ((i * 37) % 80),
      // The patch_wait and pending_launch demos are bulky: the volumetric weight bills a top-up.
      dims: bulky ? [500, 400, 300] : boxFor(packedWeightG, i),
      ...(status === 'pending_launch' ? { fromBalance: false } : {}),
      sackCode: status === 'sorted' ? 'SK-ECO-US-01' : undefined,
    }).catch((err: Error) => {
      // A member without balance for a top-up stays in patch_wait: demo data never stops the server from starting.
      if (!/余额不足/.test(err.message)) throw err;
    });
  }
  const op = await systemOp(db, now);
  await bindSack(db, { code: 'SK-EMS-US-01', channelId: await channelIdOf(db, 'EMS'), countryCode: 'US' }, op, NO_URLS);
  await bindSack(db, { code: 'SK-DHL-01', channelId: await channelIdOf(db, 'DHL'), countryCode: null }, op, NO_URLS);
}
