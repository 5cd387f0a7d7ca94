import { useQuery } from '@tanstack/react-query';
import { type TransactionListQuery, transactionPageListCall, transactionDetailCall } from '@waystation/shared/contract/ledger';
import { call } from '../../api/request';

export const fetchTransactions = (params: Partial<TransactionListQuery>) => call(transactionPageListCall, params);
export const fetchTransaction = (id: number) => call(transactionDetailCall, { id });

export const transactionKeys = {
  all: ['transaction'] as const,
  list: (q: Partial<TransactionListQuery>) => ['transaction', 'list', q] as const,
  detail: (id: number) => ['transaction', 'detail', id] as const,
};

export const useTransactions = (q: Partial<TransactionListQuery>) =>
  useQuery({ queryKey: transactionKeys.list(q), queryFn: () => fetchTransactions(q), placeholderData: (prev) => prev });
export const useTransaction = (id: number) => useQuery({ queryKey: transactionKeys.detail(id), queryFn: () => fetchTransaction(id), enabled: id > 0 });
