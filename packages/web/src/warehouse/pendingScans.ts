import { get, set } from 'idb-keyval';
import { ErrorCode } from '@waystation/shared/contract/common';
import { ApiError } from '../api/request';

/** A scan made while the server could not be reached: kept on this device until it is delivered. */
export interface PendingScan {
  code: string;
  /** When it was scanned (ms since epoch). */
  at: number;
  /**
   * What the scan was made with (ScanInput's contextOf: the package a sack card pairs with, the package locked at
   * removal): delivered with it, so a replay pairs it as it was paired when made, whatever the station shows by then.
   */
  context?: unknown;
}

/** A kept scan the server refused when it was delivered, with its reason. */
export interface ScanConflict extends PendingScan {
  reason: string;
}

const keyOf = (station: string) => `waystation-pending-scans:${station}`;

/** The scans this device still holds for a station (IndexedDB: they survive a reload or a closed tab). */
export async function loadPending(station: string): Promise<PendingScan[]> {
  try {
    const v = await get<PendingScan[]>(keyOf(station));
    return Array.isArray(v) ? v.filter((p) => typeof p?.code === 'string' && typeof p.at === 'number') : [];
  } catch {
    return [];
  }
}

export async function savePending(station: string, pending: PendingScan[]): Promise<void> {
  try {
    await set(keyOf(station), pending);
  } catch {
    /* no IndexedDB (private mode): the scans are kept for this page only */
  }
}

/** The call never reached a working server (network down, timeout, database unavailable): keep the scan and retry. */
export const isUndelivered = (e: unknown): boolean =>
  e instanceof ApiError && ((e.code === null && (e.status === undefined || e.status >= 502)) || e.code === ErrorCode.UNAVAILABLE);
