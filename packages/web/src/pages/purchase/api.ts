import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionResult, PurchaseDetail, PurchaserList, PurchaseListResult, type PurchaseListQuery } from '@waystation/shared/contract/purchase';
import type { PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import { request } from '../../api/request';
import { TASK_NUM_KEY } from '../../shell/layout/badges';

/** The desk's lists and details; the warehouse's order query reads the same lines through its own calls. */
export type Desk = 'buy' | 'warehouse';
const LIST_URL: Record<Desk, string> = { buy: '/api/buy/pageList', warehouse: '/api/warehouse/orderQuery' };
const DETAIL_URL: Record<Desk, string> = { buy: '/api/buy/detail', warehouse: '/api/warehouse/orderDetail' };

export const fetchPurchases = (desk: Desk, params: Partial<PurchaseListQuery>) => request(LIST_URL[desk], { params, schema: PurchaseListResult });
export const fetchPurchase = (desk: Desk, id: number) => request(DETAIL_URL[desk], { params: { id }, schema: PurchaseDetail });
export const fetchPurchasers = () => request('/api/buy/purchaserList', { schema: PurchaserList });

/** The call behind each desk action (the machine's event names). */
export const ACTION_URL: Partial<Record<PurchaseEvent, string>> = {
  claim: '/api/buy/claim',
  transfer: '/api/buy/transfer',
  hold: '/api/buy/hold',
  release: '/api/buy/release',
  qc_release: '/api/buy/release',
  purchase: '/api/buy/purchased',
  patch_request: '/api/buy/patchRequest',
  patch_paid: '/api/buy/patchPaid',
  patch_refund: '/api/buy/patchRefund',
  patch_match: '/api/buy/patchMatch',
  fail: '/api/buy/fail',
  cancel: '/api/buy/cancel',
  logistics: '/api/buy/logistics',
};

export const runAction = (event: PurchaseEvent, body: object, headers?: Record<string, string>) =>
  request(ACTION_URL[event]!, { method: 'POST', body, headers, schema: ActionResult });

export const purchaseKeys = {
  all: ['purchase'] as const,
  list: (desk: Desk, q: object) => ['purchase', desk, 'list', q] as const,
  detail: (desk: Desk, id: number) => ['purchase', desk, 'detail', id] as const,
  purchasers: ['purchase', 'purchasers'] as const,
};

export const usePurchases = (desk: Desk, q: Partial<PurchaseListQuery>) =>
  useQuery({ queryKey: purchaseKeys.list(desk, q), queryFn: () => fetchPurchases(desk, q), placeholderData: (prev) => prev });
export const usePurchase = (desk: Desk, id: number) =>
  useQuery({ queryKey: purchaseKeys.detail(desk, id), queryFn: () => fetchPurchase(desk, id), enabled: id > 0 });
export const usePurchasers = (enabled: boolean) => useQuery({ queryKey: purchaseKeys.purchasers, queryFn: fetchPurchasers, enabled, staleTime: 60_000 });

/** A desk action; lists, details and the menu badges are stale afterwards. */
export function useAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ event, body, headers }: { event: PurchaseEvent; body: object; headers?: Record<string, string> }) => runAction(event, body, headers),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: purchaseKeys.all }), qc.invalidateQueries({ queryKey: TASK_NUM_KEY })]),
  });
}
