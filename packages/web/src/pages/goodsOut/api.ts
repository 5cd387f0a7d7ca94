import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ExceptionList,
  ExceptionRecord,
  OutBatch,
  OutBatchDetail,
  OutBatchList,
  PackageActionResult,
  PackageDetail,
  PackageListResult,
  PackingItemResult,
  PackingScanResult,
  PackingWeighResult,
  ParkedList,
  PickList,
  PretrialQuote,
  RemovalPackage,
  RemovalScanResult,
  Sack,
  SackList,
  SortingPutResult,
  SortingScanResult,
  StaffOption,
  type PackageListQuery,
  type PackageModification,
} from '@waystation/shared/contract/goodsOut';
import { request } from '../../api/request';
import { TASK_NUM_KEY } from '../../shell/layout/badges';

/** Scan calls report refusals on the station (log + voice), not as a toast. */
const quiet = { silent: true } as const;
const postJson = <S extends z.ZodType>(url: string, body: unknown, schema: S, opts: { silent?: boolean; headers?: Record<string, string> } = {}) =>
  request(url, { method: 'POST', body, schema, ...opts });

export const fetchPackages = (params: Partial<PackageListQuery>, url = '/api/warehouse/package/pageList') =>
  request(url, { params, schema: PackageListResult });
export const fetchPackage = (params: { id?: number; packageNo?: string }) => request('/api/warehouse/package/detail', { params, schema: PackageDetail });

export const pretrialPass = (body: { id: number; estimatedWeightG: number; note: string }) => postJson('/api/warehouse/pretrial/pass', body, PretrialQuote);
export const pretrialFail = (body: { id: number; reason: string }) => postJson('/api/warehouse/pretrial/fail', body, PackageActionResult);

export const fetchPickList = (params: { channelId?: number }) => request('/api/warehouse/removal/pickList', { params, schema: PickList });
export const removalScan = (body: { itemCode: string; packageNo?: string }) => postJson('/api/warehouse/removal/scan', body, RemovalScanResult, quiet);
export const fetchRemovalPackage = (code: string) => request('/api/warehouse/removal/package', { params: { code }, schema: RemovalPackage, ...quiet });

export const packingScan = (code: string) => postJson('/api/warehouse/packing/scan', { code }, PackingScanResult, quiet);
export const packingItem = (packageNo: string, itemCode: string) => postJson('/api/warehouse/packing/item', { packageNo, itemCode }, PackingItemResult, quiet);
export const packingWeigh = (body: { packageNo: string; weightG: number; lengthMm: number; widthMm: number; heightMm: number }) =>
  postJson('/api/warehouse/packing/weigh', body, PackingWeighResult);
export const fetchParked = () => request('/api/warehouse/packing/parked', { schema: ParkedList });
export const confirmLabel = (packageNo: string, code: string) =>
  postJson('/api/warehouse/packing/confirmLabel', { packageNo, code }, PackageActionResult, quiet);

export const sortingScan = (packageNo: string) => postJson('/api/warehouse/sorting/scan', { packageNo }, SortingScanResult, quiet);
export const sortingPut = (packageNo: string, sackCode: string) => postJson('/api/warehouse/sorting/put', { packageNo, sackCode }, SortingPutResult, quiet);
export const bindSack = (body: { code: string; channelId: number; countryCode: string | null }) => postJson('/api/warehouse/sack/bind', body, Sack);
export const sealSack = (body: { code: string; weightG?: number }) => postJson('/api/warehouse/sack/seal', body, Sack);
export const fetchSacks = (params: object) => request('/api/warehouse/sack/pageList', { params, schema: SackList });
export const createBatch = (carrier: string) => postJson('/api/warehouse/outBatch/create', { carrier }, OutBatch);
export const fetchBatches = (params: object) => request('/api/warehouse/outBatch/pageList', { params, schema: OutBatchList });
export const fetchBatch = (id: number) => request('/api/warehouse/outBatch/detail', { params: { id }, schema: OutBatchDetail });
export const addSack = (batchId: number, sackCode: string) => postJson('/api/warehouse/outBatch/addSack', { batchId, sackCode }, OutBatchDetail, quiet);
export const shipBatch = (body: { batchId: number; carrier?: string; trackingNos: { packageNo: string; trackingNo: string }[] }) =>
  postJson('/api/warehouse/outBatch/ship', body, OutBatchDetail);

export const raiseException = (body: { packageNo: string; type: string; reason: string; photos: string[] }) =>
  postJson('/api/warehouse/exception/raise', body, PackageActionResult);
export const fetchExceptions = (params: object) => request('/api/warehouse/exception/pageList', { params, schema: ExceptionList });
export const fetchException = (id: number) => request('/api/warehouse/exception/detail', { params: { id }, schema: ExceptionRecord });
export const fetchStaff = () => request('/api/warehouse/exception/staff', { schema: z.array(StaffOption) });
export const assignException = (id: number, ownerId: number) =>
  postJson('/api/warehouse/exception/assign', { id, ownerId }, z.object({ id: z.number(), ownerId: z.number(), ownerName: z.string() }));
export const handleException = (kind: 'resolve' | 'return' | 'cancel', id: number, resolution: string, headers?: Record<string, string>) =>
  postJson(`/api/warehouse/exception/${kind}`, { id, resolution }, PackageActionResult, { headers });
export const returnStep = (id: number, event: 'return_check' | 'return_refund' | 'return_done', headers?: Record<string, string>) =>
  postJson('/api/warehouse/return/step', { id, event }, PackageActionResult, { headers });

export const modifyPackage = (kind: PackageModification, body: object, headers: Record<string, string>) =>
  postJson(`/api/warehouse/package/${kind}`, body, PackageActionResult, { headers });

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

export const usePackages = (q: Partial<PackageListQuery>, url?: string) =>
  useQuery({ queryKey: goodsOutKeys.list(url ?? '', q), queryFn: () => fetchPackages(q, url), placeholderData: (p) => p });
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
