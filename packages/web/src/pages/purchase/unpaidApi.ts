import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WaitPaidActionResult,
  waitPaidOrderPageListCall,
  waitPaidOrderDetailCall,
  waitPaidOrderManualPaidCall,
  waitPaidOrderCancelCall,
} from '@waystation/shared/contract/purchase';
import { request, call } from '../../api/request';
import { purchaseKeys } from '../purchase/api';
import { TASK_NUM_KEY } from '../../shell/layout/badges';

const UNPAID_CALLS = { manualPaid: waitPaidOrderManualPaidCall, cancel: waitPaidOrderCancelCall };

export const fetchUnpaid = (params: object) => call(waitPaidOrderPageListCall, params);
export const fetchUnpaidDetail = (id: number) => call(waitPaidOrderDetailCall, { id });

export const unpaidKeys = {
  all: ['waitPaidOrder'] as const,
  list: (q: object) => ['waitPaidOrder', 'list', q] as const,
  detail: (id: number) => ['waitPaidOrder', 'detail', id] as const,
};

export const useUnpaid = (q: object) => useQuery({ queryKey: unpaidKeys.list(q), queryFn: () => fetchUnpaid(q), placeholderData: (p) => p });
export const useUnpaidDetail = (id: number) => useQuery({ queryKey: unpaidKeys.detail(id), queryFn: () => fetchUnpaidDetail(id), enabled: id > 0 });

/** Mark paid / cancel: the unpaid list, the purchase lists and the badges change. */
export function useUnpaidAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: 'manualPaid' | 'cancel'; body: object }) =>
      request(UNPAID_CALLS[kind].url, { method: 'POST', body, schema: WaitPaidActionResult }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: unpaidKeys.all }),
        qc.invalidateQueries({ queryKey: purchaseKeys.all }),
        qc.invalidateQueries({ queryKey: TASK_NUM_KEY }),
      ]),
  });
}
