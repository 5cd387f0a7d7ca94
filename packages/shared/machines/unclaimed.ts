import type { UnclaimedStatus } from '../vocab/goods-in';
import { defineMachine } from './machine';

/**
 * A parcel that matched no purchase line at 入库扫描: open until someone assigns it to a purchased line (the line takes
 * its tracking number). Assigned is final: a parcel assigned to the wrong line is put right on the line, not here.
 */
export type UnclaimedEvent = 'assign';

export const UNCLAIMED_TRANSITIONS: readonly { from: UnclaimedStatus; event: UnclaimedEvent; to: UnclaimedStatus; permission: string }[] = [
  { from: 'open', event: 'assign', to: 'assigned', permission: 'warehouse:inboundScan' },
];

export const unclaimedMachine = defineMachine(UNCLAIMED_TRANSITIONS);
