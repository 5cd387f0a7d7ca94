import { vocab } from '../vocab/labels';
import { defineMachine } from './machine';

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

/**
 * Review moves the status; shipping moves wait_send → send → sign, and signing completes the return. A return's state
 * is both together, written `status/shipping` (`return_doing/send`), so this is a machine of the same shape as the others
 * (the server's engine keeps the two parts in their two columns).
 */
export const returnState = (status: string, shipping: string | null): string => (shipping ? `${status}/${shipping}` : status);

/** A return's state in words: its status, and its shipping when it has one (退货中/已寄出). */
export const returnStateLabel = (state: string): string => {
  const [status, shipping] = state.split('/');
  return shipping ? `${ReturnStatus.label(status)}/${ReturnShipping.label(shipping)}` : ReturnStatus.label(status);
};

const PERMISSION = 'afterSales:returnReview';
export const RETURN_TRANSITIONS: readonly { from: string; event: ReturnEvent; to: string; permission: string }[] = [
  { from: 'return_checking', event: 'pass', to: 'return_doing/wait_send', permission: PERMISSION },
  { from: 'return_checking', event: 'fail', to: 'return_apply_refuse', permission: PERMISSION },
  { from: 'return_doing/wait_send', event: 'send', to: 'return_doing/send', permission: PERMISSION },
  { from: 'return_doing/send', event: 'sign', to: 'returned/sign', permission: PERMISSION },
];
export const returnMachine = defineMachine(RETURN_TRANSITIONS);
