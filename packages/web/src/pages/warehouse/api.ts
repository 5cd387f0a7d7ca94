import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@waystation/shared/contract/call';
import {
  warehouseInboundLookupCall,
  warehouseInboundReceiveCall,
  warehouseQcScanCall,
  warehouseShelvingScanCall,
  warehouseShelveCall,
  warehouseMoveCall,
  warehouseCountLocationCall,
  warehouseCountFinishCall,
  warehouseUnclaimedCreateCall,
  warehouseUnclaimedAssignCall,
  warehouseUnclaimedPageListCall,
  warehouseQcPhotoCall,
  warehouseQcProblemCall,
  warehouseShelfLocationPageListCall,
  warehouseShelfLocationBatchAddCall,
  warehouseShelfLocationModifyStatusCall,
} from '@waystation/shared/contract/warehouse';
import { call } from '../../api/request';
import { purchaseKeys } from '../purchase/api';

type Media = { fileUri: string; kind: 'image' | 'video' };
/** Scan calls report their refusal on the station (log + voice), not as a toast. */
const quiet = { silent: true } as const;

export const inboundLookup = (trackingNo: string) => call(warehouseInboundLookupCall, { trackingNo }, quiet);
export const inboundReceive = (body: { trackingNo: string; lines: { id: number; weightG: number; lengthMm: number; widthMm: number; heightMm: number }[] }) =>
  call(warehouseInboundReceiveCall, body, quiet);
export const createUnclaimed = (body: { trackingNo: string; weightG: number; note: string }) => call(warehouseUnclaimedCreateCall, body);
export const assignUnclaimed = (body: { id: number; purchaseId: number }) => call(warehouseUnclaimedAssignCall, body);
export const fetchUnclaimed = (params: object) => call(warehouseUnclaimedPageListCall, params);
export const qcScan = (code: string) => call(warehouseQcScanCall, { code }, quiet);
export const qcPhoto = (itemCode: string, media: Media[]) => call(warehouseQcPhotoCall, { itemCode, media });
export const qcProblem = (body: { itemCode: string; problem: string; note: string; media: Media[] }) =>
  call(warehouseQcProblemCall, body as CallInput<typeof warehouseQcProblemCall>);
export const shelvingScan = (code: string) => call(warehouseShelvingScanCall, { code }, quiet);
export const shelve = (itemCode: string, locationCode: string) => call(warehouseShelveCall, { itemCode, locationCode }, quiet);
export const countLocation = (locationCode: string) => call(warehouseCountLocationCall, { locationCode }, quiet);
export const finishCount = (locationCode: string, itemCodes: string[]) => call(warehouseCountFinishCall, { locationCode, itemCodes }, quiet);
export const moveItem = (itemCode: string, locationCode: string) => call(warehouseMoveCall, { itemCode, locationCode }, quiet);
export const fetchShelves = (params: object) => call(warehouseShelfLocationPageListCall, params);
export const batchAddShelves = (body: { zone: string; rows: number; levels: number; slots: number }) => call(warehouseShelfLocationBatchAddCall, body);
export const setShelfStatus = (id: number, status: '1' | '0') => call(warehouseShelfLocationModifyStatusCall, { id, status });

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
