import { vocab } from '../vocab/labels';

/** A return of purchased goods to the seller, as the purchase line's statuses name it (SPEC §4). */
export const ReturnStatus = vocab([
  { value: 'return_checking', zh: '退货审核中', en: 'Under review' },
  { value: 'return_doing', zh: '退货中', en: 'Returning' },
  { value: 'return_apply_refuse', zh: '退货被拒', en: 'Refused' },
  { value: 'returned', zh: '已退货', en: 'Returned' },
] as const);
export type ReturnStatus = (typeof ReturnStatus.values)[number];

/** SPEC §4 return shipping. */
export const ReturnShipping = vocab([
  { value: 'wait_send', zh: '待寄出', en: 'To send' },
  { value: 'send', zh: '已寄出', en: 'Sent' },
  { value: 'sign', zh: '已签收', en: 'Signed' },
] as const);
export type ReturnShipping = (typeof ReturnShipping.values)[number];

export type ReturnEvent = 'pass' | 'fail' | 'send' | 'sign';

/** Review moves the status; shipping moves wait_send → send → sign, and signing completes the return. */
export const RETURN_TRANSITIONS: readonly {
  from: ReturnStatus; shipping: ReturnShipping | null; event: ReturnEvent; to: ReturnStatus; toShipping: ReturnShipping | null;
}[] = [
  { from: 'return_checking', shipping: null, event: 'pass', to: 'return_doing', toShipping: 'wait_send' },
  { from: 'return_checking', shipping: null, event: 'fail', to: 'return_apply_refuse', toShipping: null },
  { from: 'return_doing', shipping: 'wait_send', event: 'send', to: 'return_doing', toShipping: 'send' },
  { from: 'return_doing', shipping: 'send', event: 'sign', to: 'returned', toShipping: 'sign' },
];

export function returnTransition(status: string, shipping: string | null, event: ReturnEvent) {
  return RETURN_TRANSITIONS.find((t) => t.from === status && t.shipping === shipping && t.event === event) ?? null;
}

/** Actions to offer for a return in this state. */
export function returnActions(status: string, shipping: string | null): ReturnEvent[] {
  return RETURN_TRANSITIONS.filter((t) => t.from === status && t.shipping === shipping).map((t) => t.event);
}
