import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type RefundListQuery,
  type RefundReviewBody,
  type ReturnListQuery,
  type ReturnReviewBody,
  afterSalesRefundListCall,
  afterSalesRefundDetailCall,
  afterSalesRefundReviewCall,
  afterSalesReturnListCall,
  afterSalesReturnReviewCall,
  afterSalesReturnSendCall,
  afterSalesReturnSignCall,
} from '@waystation/shared/contract/afterSales';
import { call } from '../../api/request';
import { TASK_NUM_KEY } from '../../shell/layout/badges';

type H = Record<string, string>;

export const fetchRefunds = (params: Partial<RefundListQuery>) => call(afterSalesRefundListCall, params);
export const fetchRefund = (id: number) => call(afterSalesRefundDetailCall, { id });
export const reviewRefund = (body: RefundReviewBody, headers: H) => call(afterSalesRefundReviewCall, body, { headers });
export const fetchReturns = (params: Partial<ReturnListQuery>) => call(afterSalesReturnListCall, params);
export const reviewReturn = (body: ReturnReviewBody, headers: H) => call(afterSalesReturnReviewCall, body, { headers });
export const sendReturn = (body: { id: number; shippingCompany: string; shippingNo: string }) => call(afterSalesReturnSendCall, body);
export const signReturn = (id: number) => call(afterSalesReturnSignCall, { id });

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
