/**
 * The one shape every state machine has: rows of `{ from, event, to, permission }` (plus what a machine adds, such as
 * its trace type), and the same questions asked of them. The server's transition engine applies them; the web uses
 * `allowed` to show only the actions a status has.
 */
export interface MachineRow<S extends string = string, E extends string = string> {
  from: S;
  event: E;
  /** 'previous' returns to the status the row kept when it left it (an exception resolved). */
  to: S | 'previous';
  permission: string;
}

export interface Machine<R extends MachineRow> {
  readonly rows: readonly R[];
  /** The row for (from, event), or undefined when the machine has none. */
  transitionOf(from: string, event: R['event']): R | undefined;
  /** The status after `event` in `from`, or null when the event is not allowed there. */
  next(from: string, event: R['event']): R['to'] | null;
  /** Events a staff member holding `permissions` may take in `status` ('system' rows are never a staff action). */
  allowed(status: string, permissions?: ReadonlySet<string>): R['event'][];
  /** Statuses from which `event` is allowed (for a conditional update over several statuses). */
  fromStatuses(event: R['event']): R['from'][];
  /** Statuses `event` leads to: a row already there has had the event (an idempotent repeat). */
  toStatuses(event: R['event']): R['to'][];
}

/**
 * Builds a machine from its rows. `takes` says whether a set of granted permission keys covers a row's permission
 * (by default: it contains it).
 */
export function defineMachine<R extends MachineRow>(
  rows: readonly R[],
  takes: (permission: R['permission'], granted: ReadonlySet<string>) => boolean = (p, granted) => granted.has(p),
): Machine<R> {
  const byKey = new Map(rows.map((r) => [`${r.from}|${r.event}`, r]));
  const transitionOf = (from: string, event: R['event']) => byKey.get(`${from}|${event}`);
  return {
    rows,
    transitionOf,
    next: (from, event) => transitionOf(from, event)?.to ?? null,
    allowed: (status, permissions) =>
      rows.filter((r) => r.from === status && r.permission !== 'system' && (!permissions || takes(r.permission, permissions))).map((r) => r.event),
    fromStatuses: (event) => rows.filter((r) => r.event === event).map((r) => r.from),
    toStatuses: (event) => [...new Set(rows.filter((r) => r.event === event).map((r) => r.to))],
  };
}
