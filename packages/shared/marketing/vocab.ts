import { vocab } from '../vocab/labels';

/** SPEC §4 coupon status: used, activity (unused), disabled (discarded). */
export const CouponStatus = vocab([
  { value: 'activity', zh: '未使用', en: 'Unused' },
  { value: 'used', zh: '已使用', en: 'Used' },
  { value: 'disabled', zh: '已作废', en: 'Discarded' },
] as const);
export type CouponStatus = (typeof CouponStatus.values)[number];

/** SPEC §4 coupon source types. */
export const CouponSource = vocab([
  { value: 'newUser', zh: '新用户注册', en: 'New member' },
  { value: 'targetedGrant', zh: '定向发放', en: 'Targeted grant' },
  { value: 'crowdSelectGrant', zh: '人群发放', en: 'Crowd grant' },
  { value: 'activityDraw', zh: '活动抽奖', en: 'Lucky draw' },
  { value: 'activityCode', zh: '兑换码', en: 'Redeem code' },
] as const);
export type CouponSource = (typeof CouponSource.values)[number];

/** SPEC §4 send target. */
export const SendTarget = vocab([{ value: 'USER', zh: '用户', en: 'User' }] as const);

/** Template status: in use or switched off (no more grants). */
export const CouponTemplateStatus = vocab([
  { value: 'activity', zh: '启用', en: 'Active' },
  { value: 'disabled', zh: '停用', en: 'Disabled' },
] as const);

export const CouponKind = vocab([
  { value: 'const', zh: '固定优惠券', en: 'Fixed coupon' },
  { value: 'cycle', zh: '周期优惠券', en: 'Cycle coupon' },
] as const);
export type CouponKind = (typeof CouponKind.values)[number];

export const DiscountType = vocab([
  { value: 'amount', zh: '满减', en: 'Amount off' },
  { value: 'discount', zh: '折扣', en: 'Discount' },
] as const);

export const CouponScope = vocab([
  { value: 'purchase', zh: '代购商品', en: 'Purchases' },
  { value: 'shipping', zh: '国际运费', en: 'Shipping' },
  { value: 'all', zh: '通用', en: 'Both' },
] as const);

export const ValidityType = vocab([
  { value: 'fixed', zh: '固定日期', en: 'Fixed dates' },
  { value: 'days', zh: '领取后N天', en: 'N days after grant' },
] as const);

export const CycleType = vocab([
  { value: 'weekly', zh: '每周', en: 'Weekly' },
  { value: 'monthly', zh: '每月', en: 'Monthly' },
] as const);
export type CycleType = (typeof CycleType.values)[number];

export const PrizeType = vocab([
  { value: 'coupon', zh: '优惠券', en: 'Coupon' },
  { value: 'balance', zh: '余额', en: 'Balance' },
  { value: 'points', zh: '积分', en: 'Points' },
  { value: 'none', zh: '谢谢参与', en: 'Thanks for playing' },
] as const);
export type PrizeType = (typeof PrizeType.values)[number];

/** Lucky-draw kinds, named as their configuration routes (turntableConfig, tigerMachinesConfig, hammerEggConfig). */
export const ActivityKind = vocab([
  { value: 'turntable', zh: '大转盘', en: 'Turntable' },
  { value: 'tigerMachines', zh: '老虎机', en: 'Slot machine' },
  { value: 'hammerEgg', zh: '砸金蛋', en: 'Egg smashing' },
] as const);
export type ActivityKind = (typeof ActivityKind.values)[number];

/** How many prizes each kind can show: wheel sectors, slot symbols, eggs. */
export const PRIZE_LIMITS: Record<ActivityKind, { min: number; max: number }> = {
  turntable: { min: 2, max: 12 },
  tigerMachines: { min: 2, max: 10 },
  hammerEgg: { min: 2, max: 9 },
};

export const ResourcePosition = vocab([
  { value: 'home_banner', zh: '首页轮播', en: 'Home banner' },
  { value: 'popup', zh: '弹窗', en: 'Pop-up' },
  { value: 'sidebar', zh: '侧边栏', en: 'Sidebar' },
  { value: 'home_notice', zh: '首页公告', en: 'Home notice' },
  { value: 'personal_center', zh: '个人中心', en: 'Member centre' },
] as const);

export const AudienceType = vocab([
  { value: 'all', zh: '全部会员', en: 'All members' },
  { value: 'newUser', zh: '新会员', en: 'New members' },
  { value: 'levels', zh: '指定等级', en: 'Member levels' },
] as const);

export const JobStatus = vocab([
  { value: 'pending', zh: '待执行', en: 'Pending' },
  { value: 'running', zh: '执行中', en: 'Running' },
  { value: 'done', zh: '已完成', en: 'Done' },
  { value: 'failed', zh: '失败', en: 'Failed' },
] as const);
