import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionResult,
  PurchaseDetail,
  PurchaseListResult,
  type PurchaseListQuery,
  buyPageListCall,
  warehouseOrderQueryCall,
  buyDetailCall,
  warehouseOrderDetailCall,
  buyPurchaserListCall,
  buyClaimCall,
  buyTransferCall,
  buyHoldCall,
  buyReleaseCall,
  buyPurchasedCall,
  buyPatchRequestCall,
  buyPatchPaidCall,
  buyPatchRefundCall,
  buyPatchMatchCall,
  buyFailCall,
  buyCancelCall,
  buyLogisticsCall,
} from '@waystation/shared/contract/purchase';
import type { PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import { request, call } from '../../api/request';
import { TASK_NUM_KEY } from '../../shell/layout/badges';

/** The desk's lists and details; the warehouse's order query reads the same lines through its own calls. */
export type Desk = 'buy' | 'warehouse';
const LIST_URL: Record<Desk, string> = { buy: buyPageListCall.url, warehouse: warehouseOrderQueryCall.url };
const DETAIL_URL: Record<Desk, string> = { buy: buyDetailCall.url, warehouse: warehouseOrderDetailCall.url };

export const fetchPurchases = (desk: Desk, params: Partial<PurchaseListQuery>) => request(LIST_URL[desk], { params, schema: PurchaseListResult });
export const fetchPurchase = (desk: Desk, id: number) => request(DETAIL_URL[desk], { params: { id }, schema: PurchaseDetail });
export const fetchPurchasers = () => call(buyPurchaserListCall);

/** The call behind each desk action (the machine's event names). */
export const ACTION_URL: Partial<Record<PurchaseEvent, string>> = {
  claim: buyClaimCall.url,
  transfer: buyTransferCall.url,
  hold: buyHoldCall.url,
  release: buyReleaseCall.url,
  qc_release: buyReleaseCall.url,
  purchase: buyPurchasedCall.url,
  patch_request: buyPatchRequestCall.url,
  patch_paid: buyPatchPaidCall.url,
  patch_refund: buyPatchRefundCall.url,
  patch_match: buyPatchMatchCall.url,
  fail: buyFailCall.url,
  cancel: buyCancelCall.url,
  logistics: buyLogisticsCall.url,
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
