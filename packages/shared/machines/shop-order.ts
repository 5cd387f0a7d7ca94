import type { ShopOrderStatus } from '../vocab/goods-in';
import { defineMachine } from './machine';

/**
 * A member's shop order (the checkout over its purchase lines): unpaid until the member pays from the balance (`pay`,
 * the member API) or staff mark it paid (`manual_paid`, payment received outside the site), or staff cancel it. Each
 * line then moves along the purchase machine.
 */
export type ShopOrderEvent = 'pay' | 'manual_paid' | 'cancel';

export const SHOP_ORDER_TRANSITIONS: readonly { from: ShopOrderStatus; event: ShopOrderEvent; to: ShopOrderStatus; permission: string }[] = [
  { from: 'ordered', event: 'pay', to: 'paid', permission: 'system' },
  { from: 'ordered', event: 'manual_paid', to: 'paid', permission: 'waitPaidOrder:list' },
  { from: 'ordered', event: 'cancel', to: 'canceled', permission: 'waitPaidOrder:list' },
];

export const shopOrderMachine = defineMachine(SHOP_ORDER_TRANSITIONS);
