import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Refund,
  RefundListResult,
  ReturnItem,
  ReturnListResult,
  type RefundListQuery,
  type RefundReviewBody,
  type ReturnListQuery,
  type ReturnReviewBody,
} from '@waystation/shared/contract/afterSales';
import { request } from '../../api/request';
import { TASK_NUM_KEY } from '../../shell/layout/badges';

type H = Record<string, string>;

export const fetchRefunds = (params: Partial<RefundListQuery>) => request('/api/afterSales/refundList', { params, schema: RefundListResult });
export const fetchRefund = (id: number) => request('/api/afterSales/refundDetail', { params: { id }, schema: Refund });
export const reviewRefund = (body: RefundReviewBody, headers: H) => request('/api/afterSales/refundReview', { method: 'POST', body, headers, schema: Refund });
export const fetchReturns = (params: Partial<ReturnListQuery>) => request('/api/afterSales/returnList', { params, schema: ReturnListResult });
export const reviewReturn = (body: ReturnReviewBody, headers: H) =>
  request('/api/afterSales/returnReview', { method: 'POST', body, headers, schema: ReturnItem });
export const sendReturn = (body: { id: number; shippingCompany: string; shippingNo: string }) =>
  request('/api/afterSales/returnSend', { method: 'POST', body, schema: ReturnItem });
export const signReturn = (id: number) => request('/api/afterSales/returnSign', { method: 'POST', body: { id }, schema: ReturnItem });

export const afterSalesKeys = {
  all: ['afterSales'] as const,
  refunds: (q: object) => ['afterSales', 'refunds', q] as const,
  refund: (id: number) => ['afterSales', 'refund', id] as const,
  returns: (q: object) => ['afterSales', 'returns', q] as const,
};

export const useRefunds = (q: Partial<RefundListQuery>) =>
  useQuery({ queryKey: afterSalesKeys.refunds(q), queryFn: () => fetchRefunds(q), placeholderData: (p) => p });
export const useRefund = (id: number) => useQuery({ queryKey: afterSalesKeys.refund(id), queryFn: () => fetchRefund(id), enabled: id > 0 });
export const useReturns = (q: Partial<ReturnListQuery>) =>
  useQuery({ queryKey: afterSalesKeys.returns(q), queryFn: () => fetchReturns(q), placeholderData: (p) => p });

/** After a review: lists, the badge and balances are stale. */
export function useInvalidateAfterSales() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: afterSalesKeys.all }),
      qc.invalidateQueries({ queryKey: ['vip'] }),
      qc.invalidateQueries({ queryKey: ['transaction'] }),
      qc.invalidateQueries({ queryKey: TASK_NUM_KEY }),
    ]);
}
