import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWithdrawalBody,
  type PayWithdrawalBody,
  type ReviewWithdrawalBody,
  type WithdrawalListQuery,
  financeAgentWithdrawalPageListCall,
  financeAgentWithdrawalDetailCall,
  financeAgentWithdrawalCreateCall,
  financeAgentWithdrawalReviewCall,
  financeAgentWithdrawalPayCall,
  financeAgentWithdrawalReconcileCall,
  financeSettleCommissionCall,
} from '@waystation/shared/contract/finance';
import { call } from '../../api/request';

export const fetchWithdrawals = (params: Partial<WithdrawalListQuery>) => call(financeAgentWithdrawalPageListCall, params);
export const fetchWithdrawal = (id: number) => call(financeAgentWithdrawalDetailCall, { id });
export const createWithdrawal = (body: CreateWithdrawalBody) => call(financeAgentWithdrawalCreateCall, body);
export const reviewWithdrawal = (body: ReviewWithdrawalBody) => call(financeAgentWithdrawalReviewCall, body);
export const payWithdrawal = (body: PayWithdrawalBody) => call(financeAgentWithdrawalPayCall, body);
export const fetchReconcile = () => call(financeAgentWithdrawalReconcileCall);
export const settleCommission = () => call(financeSettleCommissionCall);

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
