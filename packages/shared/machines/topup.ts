import { defineMachine } from './machine';

/** A member's top-up intent: pending until the payment provider's signed callback says paid or failed. */
export type TopupStatus = 'pending' | 'paid' | 'failed';
export type TopupEvent = 'paid' | 'failed';

export const TOPUP_TRANSITIONS: readonly { from: TopupStatus; event: TopupEvent; to: TopupStatus; permission: string }[] = [
  { from: 'pending', event: 'paid', to: 'paid', permission: 'system' },
  { from: 'pending', event: 'failed', to: 'failed', permission: 'system' },
];

export const topupMachine = defineMachine(TOPUP_TRANSITIONS);
