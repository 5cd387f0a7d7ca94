import { defineMachine } from './machine';

/**
 * A member's identity check (one row per submission): pending until staff pass or reject it. A rejected check is
 * followed by a new submission (a new row), never moved back.
 */
export type KycEvent = 'pass' | 'reject';
type KycStatus = 'pending' | 'passed' | 'rejected';

export const KYC_TRANSITIONS: readonly { from: KycStatus; event: KycEvent; to: KycStatus; permission: string }[] = [
  { from: 'pending', event: 'pass', to: 'passed', permission: 'vip:list' },
  { from: 'pending', event: 'reject', to: 'rejected', permission: 'vip:list' },
];

export const kycMachine = defineMachine(KYC_TRANSITIONS);
