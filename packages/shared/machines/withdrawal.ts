import { vocab } from '../vocab/labels';
import { defineMachine } from './machine';

/** Agent withdrawal requests: review (approve/reject with reason), then paid with proof. */
export const WithdrawalStatus = vocab([
  { value: 'pending', zh: '待审核', en: 'Pending review' },
  { value: 'approved', zh: '待打款', en: 'Approved, to pay' },
  { value: 'rejected', zh: '已驳回', en: 'Rejected' },
  { value: 'paid', zh: '已打款', en: 'Paid' },
] as const);
export type WithdrawalStatus = (typeof WithdrawalStatus.values)[number];

export const WITHDRAWAL_EVENTS = ['approve', 'reject', 'pay'] as const;
export type WithdrawalEvent = (typeof WITHDRAWAL_EVENTS)[number];

/**
 * The requested amount leaves the agent's commission balance when the request is made (a hold), so it cannot be
 * asked for twice; rejecting gives it back; paying only records the proof.
 */
export const WITHDRAWAL_TRANSITIONS: readonly { from: WithdrawalStatus; event: WithdrawalEvent; to: WithdrawalStatus; permission: string }[] = [
  { from: 'pending', event: 'approve', to: 'approved', permission: 'finance:agentWithdrawalManage' },
  { from: 'pending', event: 'reject', to: 'rejected', permission: 'finance:agentWithdrawalManage' },
  { from: 'approved', event: 'reject', to: 'rejected', permission: 'finance:agentWithdrawalManage' },
  { from: 'approved', event: 'pay', to: 'paid', permission: 'finance:agentWithdrawalManage' },
];

export const withdrawalMachine = defineMachine(WITHDRAWAL_TRANSITIONS);
