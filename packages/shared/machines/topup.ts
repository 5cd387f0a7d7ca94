import { defineMachine } from './machine';

/**
 * A member's top-up intent: pending until the payment provider's signed callback says paid or failed, or until it
 * expires unpaid (payment/gateways.ts: the provider's payment is canceled first).
 */
export type TopupStatus = 'pending' | 'paid' | 'failed' | 'expired';
export type TopupEvent = 'paid' | 'failed' | 'expire';

export const TOPUP_TRANSITIONS: readonly { from: TopupStatus; event: TopupEvent; to: TopupStatus; permission: string }[] = [
  { from: 'pending', event: 'paid', to: 'paid', permission: 'system' },
  { from: 'pending', event: 'failed', to: 'failed', permission: 'system' },
  { from: 'pending', event: 'expire', to: 'expired', permission: 'system' },
];

export const topupMachine = defineMachine(TOPUP_TRANSITIONS);
