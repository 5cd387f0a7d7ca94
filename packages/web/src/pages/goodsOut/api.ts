import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageActionResult } from '@waystation/shared/contract/goodsOut/common';
import {
  PackageListResult,
  type PackageListQuery,
  type PackageModification,
  warehousePackagePageListCall,
  warehousePackageDetailCall,
  warehousePackageModifyWeightCall,
  warehousePackageModifyAttrCall,
  warehousePackageModifyAddrCall,
  warehousePackageModifyChannelCall,
  warehousePackageModifyFreightCall,
  warehousePackageModifyStatusCall,
  warehousePackageCancelCall,
} from '@waystation/shared/contract/goodsOut/packages';
import { warehousePretrialPassCall, warehousePretrialFailCall, warehousePretrialReopenCall } from '@waystation/shared/contract/goodsOut/pretrial';
import {
  warehouseRemovalPickListCall,
  warehouseRemovalScanCall,
  warehousePackingScanCall,
  warehousePackingItemCall,
  warehousePackingWeighCall,
  warehousePackingParkedCall,
  warehousePackingConfirmLabelCall,
  warehouseRemovalPackageCall,
} from '@waystation/shared/contract/goodsOut/stations';
import {
  warehouseSortingScanCall,
  warehouseSortingPutCall,
  warehouseSackBindCall,
  warehouseSackSealCall,
  warehouseSackPageListCall,
  warehouseOutBatchCreateCall,
  warehouseOutBatchPageListCall,
  warehouseOutBatchDetailCall,
  warehouseOutBatchAddSackCall,
  warehouseOutBatchShipCall,
} from '@waystation/shared/contract/goodsOut/sorting';
import {
  warehouseExceptionRaiseCall,
  warehouseExceptionPageListCall,
  warehouseExceptionDetailCall,
  warehouseExceptionStaffCall,
  warehouseExceptionAssignCall,
  warehouseReturnStepCall,
  warehouseExceptionResolveCall,
  warehouseExceptionReturnCall,
  warehouseExceptionCancelCall,
} from '@waystation/shared/contract/goodsOut/exceptions';
import type { Call, CallInput } from '@waystation/shared/contract/call';
import { request, call } from '../../api/request';
import { TASK_NUM_KEY } from '../../shell/layout/badges';

/** Scan calls report refusals on the station (log + voice), not as a toast. */
const quiet = { silent: true } as const;
/** A list of packages: 包裹查询's, or another station's list of the same rows (预审's). */
export const fetchPackages = (params: Partial<PackageListQuery>, list: Call = warehousePackagePageListCall) =>
  request(list.url, { params, schema: PackageListResult });
export const fetchPackage = (params: { id?: number; packageNo?: string }) => call(warehousePackageDetailCall, params);

export const pretrialPass = (body: { id: number; estimatedWeightG: number; note: string }) => call(warehousePretrialPassCall, body);
export const pretrialFail = (body: { id: number; reason: string }) => call(warehousePretrialFailCall, body);
export const pretrialReopen = (body: { id: number; note: string }) => call(warehousePretrialReopenCall, body);
export const cancelPackage = (body: { id: number; reason: string }) => call(warehousePackageCancelCall, body);

export const fetchPickList = (params: { channelId?: number }) => call(warehouseRemovalPickListCall, params);
export const removalScan = (body: { itemCode: string; packageNo?: string }) => call(warehouseRemovalScanCall, body, quiet);
export const fetchRemovalPackage = (code: string) => call(warehouseRemovalPackageCall, { code }, quiet);

export const packingScan = (code: string) => call(warehousePackingScanCall, { code }, quiet);
export const packingItem = (packageNo: string, itemCode: string) => call(warehousePackingItemCall, { packageNo, itemCode }, quiet);
export const packingWeigh = (body: { packageNo: string; weightG: number; lengthMm: number; widthMm: number; heightMm: number }) =>
  call(warehousePackingWeighCall, body);
export const fetchParked = () => call(warehousePackingParkedCall);
export const confirmLabel = (packageNo: string, code: string) => call(warehousePackingConfirmLabelCall, { packageNo, code }, quiet);

export const sortingScan = (packageNo: string) => call(warehouseSortingScanCall, { packageNo }, quiet);
export const sortingPut = (packageNo: string, sackCode: string) => call(warehouseSortingPutCall, { packageNo, sackCode }, quiet);
export const bindSack = (body: { code: string; channelId: number; countryCode: string | null }) => call(warehouseSackBindCall, body);
export const sealSack = (body: { code: string; weightG?: number }) => call(warehouseSackSealCall, body);
export const fetchSacks = (params: object) => call(warehouseSackPageListCall, params);
export const createBatch = (carrier: string) => call(warehouseOutBatchCreateCall, { carrier });
export const fetchBatches = (params: object) => call(warehouseOutBatchPageListCall, params);
export const fetchBatch = (id: number) => call(warehouseOutBatchDetailCall, { id });
export const addSack = (batchId: number, sackCode: string) => call(warehouseOutBatchAddSackCall, { batchId, sackCode }, quiet);
export const shipBatch = (body: { batchId: number; carrier?: string; trackingNos: { packageNo: string; trackingNo: string }[] }) =>
  call(warehouseOutBatchShipCall, body);

export const raiseException = (body: { packageNo: string; type: string; reason: string; photos: string[] }) =>
  call(warehouseExceptionRaiseCall, body as CallInput<typeof warehouseExceptionRaiseCall>);
export const fetchExceptions = (params: object) => call(warehouseExceptionPageListCall, params);
export const fetchException = (id: number) => call(warehouseExceptionDetailCall, { id });
export const fetchStaff = () => call(warehouseExceptionStaffCall);
export const assignException = (id: number, ownerId: number) => call(warehouseExceptionAssignCall, { id, ownerId });
const EXCEPTION_CALLS = { resolve: warehouseExceptionResolveCall, return: warehouseExceptionReturnCall, cancel: warehouseExceptionCancelCall };
export const handleException = (kind: 'resolve' | 'return' | 'cancel', id: number, resolution: string, headers?: Record<string, string>) =>
  call(EXCEPTION_CALLS[kind], { id, resolution }, { headers });
export const returnStep = (id: number, event: 'return_check' | 'return_refund' | 'return_done', headers?: Record<string, string>) =>
  call(warehouseReturnStepCall, { id, event }, { headers });

const MODIFY_CALLS: Record<PackageModification, Call> = {
  modifyWeight: warehousePackageModifyWeightCall,
  modifyAttr: warehousePackageModifyAttrCall,
  modifyAddr: warehousePackageModifyAddrCall,
  modifyChannel: warehousePackageModifyChannelCall,
  modifyFreight: warehousePackageModifyFreightCall,
  modifyStatus: warehousePackageModifyStatusCall,
};
export const modifyPackage = (kind: PackageModification, body: object, headers: Record<string, string>) =>
  request(MODIFY_CALLS[kind].url, { method: 'POST', body, schema: PackageActionResult, headers });

export const goodsOutKeys = {
  all: ['goodsOut'] as const,
  list: (url: string, q: object) => ['goodsOut', 'list', url, q] as const,
  detail: (p: object) => ['goodsOut', 'detail', p] as const,
  pick: (q: object) => ['goodsOut', 'pick', q] as const,
  removalPackage: (packageNo: string) => ['goodsOut', 'removalPackage', packageNo] as const,
  parked: ['goodsOut', 'parked'] as const,
  sacks: (q: object) => ['goodsOut', 'sacks', q] as const,
  batches: (q: object) => ['goodsOut', 'batches', q] as const,
  batch: (id: number) => ['goodsOut', 'batch', id] as const,
  exceptions: (q: object) => ['goodsOut', 'exceptions', q] as const,
  exception: (id: number) => ['goodsOut', 'exception', id] as const,
  staff: ['goodsOut', 'staff'] as const,
};

export const usePackages = (q: Partial<PackageListQuery>, list?: Call) =>
  useQuery({ queryKey: goodsOutKeys.list(list?.url ?? '', q), queryFn: () => fetchPackages(q, list), placeholderData: (p) => p });
export const usePackage = (p: { id?: number; packageNo?: string }) =>
  useQuery({ queryKey: goodsOutKeys.detail(p), queryFn: () => fetchPackage(p), enabled: !!(p.id || p.packageNo) });
export const usePickList = (q: { channelId?: number }) =>
  useQuery({ queryKey: goodsOutKeys.pick(q), queryFn: () => fetchPickList(q), placeholderData: (p) => p });
export const useParked = () => useQuery({ queryKey: goodsOutKeys.parked, queryFn: fetchParked, refetchInterval: 30_000 });
export const useSacks = (q: object) => useQuery({ queryKey: goodsOutKeys.sacks(q), queryFn: () => fetchSacks(q), placeholderData: (p) => p });
export const useBatches = (q: object) => useQuery({ queryKey: goodsOutKeys.batches(q), queryFn: () => fetchBatches(q), placeholderData: (p) => p });
export const useBatch = (id: number) => useQuery({ queryKey: goodsOutKeys.batch(id), queryFn: () => fetchBatch(id), enabled: id > 0 });
export const useExceptions = (q: object) => useQuery({ queryKey: goodsOutKeys.exceptions(q), queryFn: () => fetchExceptions(q), placeholderData: (p) => p });
export const useException = (id: number) => useQuery({ queryKey: goodsOutKeys.exception(id), queryFn: () => fetchException(id), enabled: id > 0 });
export const useStaff = () => useQuery({ queryKey: goodsOutKeys.staff, queryFn: fetchStaff, staleTime: 60_000 });

/** After any goods-out write: lists, details and the menu badges are stale. */
export function useInvalidateGoodsOut() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: goodsOutKeys.all }), qc.invalidateQueries({ queryKey: TASK_NUM_KEY })]);
}

/** A goods-out write from a button: invalidates on success. */
export function useGoodsOutWrite<T, R>(fn: (v: T) => Promise<R>) {
  const invalidate = useInvalidateGoodsOut();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate() });
}
