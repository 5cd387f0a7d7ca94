import { vocab } from './labels';

/**
 * Where a shipped parcel is, as the tracking service (17TRACK) last said: its main statuses, in our words. An event of
 * the parcel's way carries one too when the service classed it.
 */
export const TrackingStatus = vocab([
  { value: 'not_found', zh: '查询不到', en: 'Not found yet' },
  { value: 'info_received', zh: '已收到信息', en: 'Info received' },
  { value: 'in_transit', zh: '运输途中', en: 'In transit' },
  { value: 'expired', zh: '运输过久', en: 'In transit too long' },
  { value: 'available_for_pickup', zh: '到达待取', en: 'Ready for pickup' },
  { value: 'out_for_delivery', zh: '派送途中', en: 'Out for delivery' },
  { value: 'delivery_failure', zh: '投递失败', en: 'Delivery failed' },
  { value: 'delivered', zh: '已签收', en: 'Delivered' },
  { value: 'exception', zh: '可能异常', en: 'Exception' },
] as const);
export type TrackingStatus = (typeof TrackingStatus.values)[number];

/** Statuses that mean the parcel is in trouble (returned, lost, refused, stuck): the package gets an exception. */
export const TRACKING_PROBLEMS: readonly TrackingStatus[] = ['exception', 'delivery_failure', 'expired'];
