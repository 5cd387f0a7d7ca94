import type { SackStatus } from '../vocab/goods-out';
import { defineMachine } from './machine';

/**
 * A sack (DESIGN §5): an identity card bound to a channel, open while sorting fills it, sealed (weighed), shipped with
 * its out-of-storage batch. `fill` (a package put in) and `load` (the sack scanned into a batch) leave the status where
 * it is: only an open sack takes a package, only a sealed one goes into a batch.
 */
export type SackEvent = 'fill' | 'seal' | 'load' | 'ship';

const PERMISSION = 'warehouse:sortingOutStorage';
export const SACK_TRANSITIONS: readonly { from: SackStatus; event: SackEvent; to: SackStatus; permission: string }[] = [
  { from: 'open', event: 'fill', to: 'open', permission: PERMISSION },
  { from: 'open', event: 'seal', to: 'sealed', permission: PERMISSION },
  { from: 'sealed', event: 'load', to: 'sealed', permission: PERMISSION },
  { from: 'sealed', event: 'ship', to: 'shipped', permission: PERMISSION },
];

export const sackMachine = defineMachine(SACK_TRANSITIONS);
