import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SettleCommissionResult,
  Withdrawal,
  WithdrawalDetail,
  WithdrawalListResult,
  WithdrawalReconcile,
  type CreateWithdrawalBody,
  type PayWithdrawalBody,
  type ReviewWithdrawalBody,
  type WithdrawalListQuery,
} from '@waystation/shared/contract/finance';
import { request } from '../../api/request';

export const fetchWithdrawals = (params: Partial<WithdrawalListQuery>) =>
  request('/api/finance/agentWithdrawal/pageList', { params, schema: WithdrawalListResult });
export const fetchWithdrawal = (id: number) => request('/api/finance/agentWithdrawal/detail', { params: { id }, schema: WithdrawalDetail });
export const createWithdrawal = (body: CreateWithdrawalBody) => request('/api/finance/agentWithdrawal/create', { method: 'POST', body, schema: Withdrawal });
export const reviewWithdrawal = (body: ReviewWithdrawalBody) => request('/api/finance/agentWithdrawal/review', { method: 'POST', body, schema: Withdrawal });
export const payWithdrawal = (body: PayWithdrawalBody) => request('/api/finance/agentWithdrawal/pay', { method: 'POST', body, schema: Withdrawal });
export const fetchReconcile = () => request('/api/finance/agentWithdrawal/reconcile', { schema: WithdrawalReconcile });
export const settleCommission = () => request('/api/finance/settleCommission', { method: 'POST', schema: SettleCommissionResult });

export const financeKeys = {
  all: ['finance'] as const,
  list: (q: object) => ['finance', 'withdrawals', q] as const,
  detail: (id: number) => ['finance', 'withdrawal', id] as const,
  reconcile: ['finance', 'reconcile'] as const,
};
export const useWithdrawals = (q: Partial<WithdrawalListQuery>) =>
  useQuery({ queryKey: financeKeys.list(q), queryFn: () => fetchWithdrawals(q), placeholderData: (p) => p });
export const useWithdrawal = (id: number) => useQuery({ queryKey: financeKeys.detail(id), queryFn: () => fetchWithdrawal(id), enabled: id > 0 });
export const useReconcile = () => useQuery({ queryKey: financeKeys.reconcile, queryFn: fetchReconcile });

export function useInvalidateFinance() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: financeKeys.all }),
      qc.invalidateQueries({ queryKey: ['transaction'] }),
      qc.invalidateQueries({ queryKey: ['proxy'] }),
    ]);
}
