import { useQuery } from '@tanstack/react-query';
import { TransactionDetail, TransactionListResult, type TransactionListQuery } from '@waystation/shared/contract/ledger';
import { request } from '../../api/request';

export const fetchTransactions = (params: Partial<TransactionListQuery>) => request('/api/transaction/pageList', { params, schema: TransactionListResult });
export const fetchTransaction = (id: number) => request('/api/transaction/detail', { params: { id }, schema: TransactionDetail });

export const transactionKeys = {
  all: ['transaction'] as const,
  list: (q: Partial<TransactionListQuery>) => ['transaction', 'list', q] as const,
  detail: (id: number) => ['transaction', 'detail', id] as const,
};

export const useTransactions = (q: Partial<TransactionListQuery>) =>
  useQuery({ queryKey: transactionKeys.list(q), queryFn: () => fetchTransactions(q), placeholderData: (prev) => prev });
export const useTransaction = (id: number) => useQuery({ queryKey: transactionKeys.detail(id), queryFn: () => fetchTransaction(id), enabled: id > 0 });
