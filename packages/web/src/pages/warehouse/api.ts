import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  InboundLookupResult,
  InboundReceiveResult,
  ScannedItem,
  ScanResult,
  ShelfBatchAddResult,
  ShelfList,
  UnclaimedList,
  UnclaimedParcel,
} from '@waystation/shared/contract/warehouse';
import { request } from '../../api/request';
import { purchaseKeys } from '../purchase/api';

type Media = { fileUri: string; kind: 'image' | 'video' };
/** Scan calls report their refusal on the station (log + voice), not as a toast. */
const quiet = { silent: true } as const;

export const inboundLookup = (trackingNo: string) =>
  request('/api/warehouse/inbound/lookup', { method: 'POST', body: { trackingNo }, schema: InboundLookupResult, ...quiet });
export const inboundReceive = (body: { trackingNo: string; lines: { id: number; weightG: number; lengthMm: number; widthMm: number; heightMm: number }[] }) =>
  request('/api/warehouse/inbound/receive', { method: 'POST', body, schema: InboundReceiveResult, ...quiet });
export const createUnclaimed = (body: { trackingNo: string; weightG: number; note: string }) =>
  request('/api/warehouse/unclaimed/create', { method: 'POST', body, schema: UnclaimedParcel });
export const assignUnclaimed = (body: { id: number; purchaseId: number }) =>
  request('/api/warehouse/unclaimed/assign', { method: 'POST', body, schema: UnclaimedParcel });
export const fetchUnclaimed = (params: object) => request('/api/warehouse/unclaimed/pageList', { params, schema: UnclaimedList });
export const qcScan = (code: string) => request('/api/warehouse/qc/scan', { method: 'POST', body: { code }, schema: ScannedItem, ...quiet });
export const qcPhoto = (itemCode: string, media: Media[]) =>
  request('/api/warehouse/qc/photo', { method: 'POST', body: { itemCode, media }, schema: ScanResult });
export const qcProblem = (body: { itemCode: string; problem: string; note: string; media: Media[] }) =>
  request('/api/warehouse/qc/problem', { method: 'POST', body, schema: ScanResult });
export const shelvingScan = (code: string) => request('/api/warehouse/shelving/scan', { method: 'POST', body: { code }, schema: ScannedItem, ...quiet });
export const shelve = (itemCode: string, locationCode: string) =>
  request('/api/warehouse/shelve', { method: 'POST', body: { itemCode, locationCode }, schema: ScanResult, ...quiet });
export const fetchShelves = (params: object) => request('/api/warehouse/shelfLocation/pageList', { params, schema: ShelfList });
export const batchAddShelves = (body: { zone: string; rows: number; levels: number; slots: number }) =>
  request('/api/warehouse/shelfLocation/batchAdd', { method: 'POST', body, schema: ShelfBatchAddResult });
export const setShelfStatus = (id: number, status: '1' | '0') =>
  request('/api/warehouse/shelfLocation/modifyStatus', { params: { id, status }, schema: z.null() });

export const warehouseKeys = {
  unclaimed: (q: object) => ['warehouse', 'unclaimed', q] as const,
  shelves: (q: object) => ['warehouse', 'shelves', q] as const,
};

export const useUnclaimed = (q: object) => useQuery({ queryKey: warehouseKeys.unclaimed(q), queryFn: () => fetchUnclaimed(q), placeholderData: (p) => p });
export const useShelves = (q: object) => useQuery({ queryKey: warehouseKeys.shelves(q), queryFn: () => fetchShelves(q), placeholderData: (p) => p });

/** After a station write: order lists and details show the new status. */
export function useInvalidateGoods() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: purchaseKeys.all }), qc.invalidateQueries({ queryKey: ['warehouse'] })]);
}

export function useShelfWrite<T>(fn: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['warehouse', 'shelves'] }) });
}
