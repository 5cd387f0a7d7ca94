import type { Db } from '../db';
import type { Actor } from '../core/audit';
import { saveConstCoupon, saveCycleCoupon } from '../modules/marketing/coupons';
import { sendTargeted } from '../modules/marketing/grants';
import { generateCodes } from '../modules/marketing/codes';
import { saveActivity } from '../modules/marketing/activities';
import { draw } from '../modules/marketing/draws';
import { saveSpace, saveTask } from '../modules/marketing/resources';

const SYSTEM: Actor = { id: null, name: 'system', ip: '' };
const DAY = 86_400_000;

/** Demo marketing: two fixed coupons (one for new members), a monthly cycle coupon, grants, codes, a banner slot and one draw of each kind. */
export async function seedMarketingDemo(db: Db, now: Date): Promise<void> {
  const iso = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const off10 = await saveConstCoupon(
    db,
    SYSTEM,
    {
      name: '满100减10',
      discountType: 'amount',
      amount: '10',
      minSpend: '100',
      scope: 'purchase',
      validityType: 'days',
      validDays: 30,
      totalStock: 1000,
      perMemberLimit: 2,
      levelIds: [],
      newUser: false,
      remark: '演示数据',
    },
    now,
  );
  await saveConstCoupon(
    db,
    SYSTEM,
    {
      name: '新人运费9折',
      discountType: 'discount',
      discount: '90',
      maxDiscount: '50',
      minSpend: '0',
      scope: 'shipping',
      validityType: 'days',
      validDays: 14,
      totalStock: null,
      perMemberLimit: 1,
      levelIds: [],
      newUser: true,
      remark: '演示数据',
    },
    now,
  );
  await saveCycleCoupon(
    db,
    SYSTEM,
    {
      name: '每月运费券',
      discountType: 'amount',
      amount: '5',
      minSpend: '50',
      scope: 'shipping',
      validityType: 'days',
      validDays: 30,
      totalStock: null,
      perMemberLimit: 1,
      levelIds: [],
      remark: '演示数据',
      cycleType: 'monthly',
      cycleDay: 1,
      cycleQuantity: 1,
      cycleStart: now.toISOString(),
      cycleEnd: null,
      segment: {},
    },
    now,
  );
  await sendTargeted(db, SYSTEM, { couponId: off10.id, userCodes: ['U100001', 'U100002', 'U100003'], quantity: 1, requestId: 'demo-marketing-targeted' }, now);
  await generateCodes(db, SYSTEM, { couponId: off10.id, count: 20, requestId: 'demo-marketing-codes' }, now);

  const banner = await saveSpace(db, SYSTEM, { code: 'home_banner', name: '首页轮播', position: 'home_banner', width: 1200, height: 400, maxItems: 3 }, now);
  await saveSpace(db, SYSTEM, { code: 'home_popup', name: '首页弹窗', position: 'popup', maxItems: 1 }, now);
  await saveTask(
    db,
    SYSTEM,
    { spaceId: banner.id, title: '双十二集运特惠', content: '国际运费低至8折', linkUrl: '/activity/1212', startAt: iso(-1), endAt: iso(30), priority: 10 },
    now,
  );
  await saveTask(
    db,
    SYSTEM,
    {
      spaceId: banner.id,
      title: '新人专享',
      content: '注册即领运费券',
      startAt: iso(-1),
      endAt: iso(60),
      priority: 5,
      audience: { type: 'newUser', newWithinDays: 7 },
    },
    now,
  );

  const window = { startAt: iso(-1), endAt: iso(30), costAmount: '1', freeDrawsPerDay: 1, maxDrawsPerDay: 10, eligibleLevelIds: [] };
  const turntable = await saveActivity(
    db,
    SYSTEM,
    {
      kind: 'turntable',
      name: '幸运大转盘',
      description: '每天免费抽一次',
      ...window,
      prizes: [
        { name: '满100减10券', prizeType: 'coupon', couponId: off10.id, probability: '10', stock: 100 },
        { name: '余额5元', prizeType: 'balance', amount: '5', probability: '2.5', stock: 20, perMemberCap: 1 },
        { name: '50积分', prizeType: 'points', amount: '50', probability: '30' },
        { name: '10积分', prizeType: 'points', amount: '10', probability: '27.5' },
        { name: '谢谢参与', prizeType: 'none', probability: '30', isFiller: true },
      ],
      balanceCap: '100',
    },
    now,
  );
  await saveActivity(
    db,
    SYSTEM,
    {
      kind: 'tigerMachines',
      name: '老虎机狂欢',
      ...window,
      prizes: [
        { name: '余额8.88元', prizeType: 'balance', amount: '8.88', probability: '1.11', stock: 10 },
        { name: '100积分', prizeType: 'points', amount: '100', probability: '18.89' },
        { name: '谢谢参与', prizeType: 'none', probability: '80', isFiller: true },
      ],
      balanceCap: '88.8',
    },
    now,
  );
  await saveActivity(
    db,
    SYSTEM,
    {
      kind: 'hammerEgg',
      name: '砸金蛋',
      ...window,
      prizes: [
        { name: '金蛋大奖 余额20元', prizeType: 'balance', amount: '20', probability: '0.5', stock: 5 },
        { name: '满100减10券', prizeType: 'coupon', couponId: off10.id, probability: '19.5' },
        { name: '谢谢参与', prizeType: 'none', probability: '80', isFiller: true },
      ],
      balanceCap: '100',
    },
    now,
  );
  // Demo draws land on fixed points prizes (not random), so every demo database, and every test template, is alike.
  await draw(db, SYSTEM, { activityId: turntable.id, userCode: 'U100004', requestId: 'demo-marketing-draw-1' }, now, { uniform: () => 2000 });
  await draw(db, SYSTEM, { activityId: turntable.id, userCode: 'U100005', requestId: 'demo-marketing-draw-2' }, now, { uniform: () => 5000 });
}
