import type { ExceptionStatus } from '../vocab/goods-out';
import { defineMachine } from './machine';

/**
 * A package exception (raised at a station): open until handled. It may be given to a member of staff while open
 * (`assign`); handling it ends it with the package's own event of the same name (resolve: back where it was;
 * return_order: a return starts; cancel: canceled and refunded).
 */
export type ExceptionEvent = 'assign' | 'resolve' | 'return_order' | 'cancel';

const PERMISSION = 'warehouse:abnormalPackage';
export const EXCEPTION_TRANSITIONS: readonly { from: ExceptionStatus; event: ExceptionEvent; to: ExceptionStatus; permission: string }[] = [
  { from: 'open', event: 'assign', to: 'open', permission: PERMISSION },
  { from: 'open', event: 'resolve', to: 'resolved', permission: PERMISSION },
  { from: 'open', event: 'return_order', to: 'returned', permission: PERMISSION },
  { from: 'open', event: 'cancel', to: 'canceled', permission: PERMISSION },
];

export const exceptionMachine = defineMachine(EXCEPTION_TRANSITIONS);
