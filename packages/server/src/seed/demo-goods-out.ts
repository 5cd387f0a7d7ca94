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
    await newPackage(db, {
      status,
      memberCode,
      channel,
      country,
      items,
      shelves,
      titles: TITLES.slice(i % TITLES.length),
      now: new Date(start + i * 3_600_000),
      // The patch_wait and pending_launch demos are bulky: the volumetric weight bills a top-up.
      ...(status === 'patch_wait' || status === 'pending_launch' ? { dims: [500, 400, 300] as [number, number, number] } : {}),
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
