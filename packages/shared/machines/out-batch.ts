import type { BatchStatus } from '../vocab/goods-out';
import { defineMachine } from './machine';

/**
 * An out-of-storage batch: open while sealed sacks are scanned in (`add_sack` leaves it open), shipped at the hand-over
 * to the carrier (its sacks and packages with it).
 */
export type OutBatchEvent = 'add_sack' | 'ship';

const PERMISSION = 'warehouse:sortingOutStorage';
export const OUT_BATCH_TRANSITIONS: readonly { from: BatchStatus; event: OutBatchEvent; to: BatchStatus; permission: string }[] = [
  { from: 'open', event: 'add_sack', to: 'open', permission: PERMISSION },
  { from: 'open', event: 'ship', to: 'shipped', permission: PERMISSION },
];

export const outBatchMachine = defineMachine(OUT_BATCH_TRANSITIONS);
