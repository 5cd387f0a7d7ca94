import { and, eq, getTableColumns, is, isNull, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db';
import { auditLogs, domainEvents } from '../db/schema';
import { type Actor, auditRow, writeAudit } from './audit';
import { conflict } from './errors';
import { buildTransition, definedOnly, inline, placeholderValues, reusedTransition, type TransitionStatement } from './transitionStatement';

/** Who acts, and when: every transition takes this. */
export interface Op {
  actor: Actor;
  now: Date;
}

/** One row of a machine as the engine needs it: where it leads and what its timeline calls it. */
export interface EngineTransition {
  to: string;
  trace?: string;
}

export interface TraceRow {
  id: number;
  type: string;
  event: string;
  from: string;
  to: string;
  note: string;
}

/** The columns every timeline table shares, for one entry (the machine adds its own id column). */
export const traceColumns = (r: TraceRow, op: Op) => ({
  type: r.type,
  event: r.event,
  fromStatus: r.from,
  toStatus: r.to,
  actorId: op.actor.id,
  actorName: op.actor.name,
  note: r.note,
  createdAt: op.now,
});

export interface StatusRow {
  id: number;
  status: string;
  updatedAt: Date;
}

/**
 * A state machine bound to its table: the one description the engine needs to apply any of its transitions. Every
 * entity with a status (purchase line, package, …) declares one of these beside its service.
 */
export interface BoundMachine<Row extends StatusRow, Event extends string> {
  /** The audit action's prefix (`package.sort`) and, unless `targetType` says otherwise, the audit target type. */
  name: string;
  targetType?: string;
  table: PgTable;
  /**
   * `member` and `ref` (the row's number) go into the row's domain events, when the table has them. `subStatus`: a
   * state kept in two columns (a return: its review status and its shipping status), which the machine writes
   * `status/sub` (`return_doing/send`; a null second column is left out).
   */
  columns: { id: PgColumn; status: PgColumn; updatedAt: PgColumn; member?: PgColumn; ref?: PgColumn; subStatus?: PgColumn };
  transitionOf(from: string, event: Event): EngineTransition | undefined;
  /** The machine's `toStatuses`: a row already in one of them has had `event` (an idempotent repeat, see `isRepeat`). */
  toStatuses?(event: Event): string[];
  /** The row's name in messages ("包裹 P123") and its audit target. */
  describe(row: Row): { noun: string; target: string | number };
  label(status: string): string;
  /** The status a `to` means for this row ('previous' → the status it kept), or null when there is none. */
  resolve?(row: Row, to: string): { status: string; set?: Record<string, unknown> } | null;
  /** The rows' timeline: its table and the row (by property name) of one entry. */
  traces?: { table: PgTable; row(entry: TraceRow, op: Op): Record<string, unknown> };
  /** A self-transition leaves the status alone: the modify time tells whether someone else moved first. */
  selfGuard?(row: Row): SQL | undefined;
}

export interface Step<Row, Event extends string> {
  event: Event;
  op: Op;
  note?: string;
  /** Extra columns to set with the status. */
  set?: Partial<Row> | Record<string, unknown>;
  /** Extra facts for the audit row's after. */
  audit?: Record<string, unknown>;
  /** Extra facts for the domain event's data (what its subscribers need beyond from, to and the row's number). */
  eventData?: Record<string, unknown>;
  /** More timeline entries of the same step, at the status it leads to (after the step's own, in the same statement). */
  alsoTrace?: { type: string; event: string; note: string }[];
}

/** The machine's state of a row: its status, or `status/sub` when the machine keeps a second status column. */
export function stateOf<Row extends StatusRow>(m: { table: PgTable; columns: { subStatus?: PgColumn } }, row: Row): string {
  const sub = m.columns.subStatus && (row as Record<string, unknown>)[keyOf(m, m.columns.subStatus)];
  return typeof sub === 'string' ? `${row.status}/${sub}` : row.status;
}

/**
 * Whether `row` has already had `event`: it has no row for the event where it is, and is where the event leads. The
 * caller answers such a repeat (a second scan, a double click) as done instead of refusing it. `facts` are what the
 * event sets (a claim's purchaser, a hold's reason): a row there with other facts has not had this very action. An event
 * that leaves the status where it is (a transfer, a logistics update) is a repeat only by its facts, so it needs them.
 */
export function isRepeat<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, row: Row, event: Event, facts?: Partial<Row>): boolean {
  const state = stateOf(m, row);
  const t = m.transitionOf(state, event);
  const there = t ? t.to === state && facts !== undefined : !!m.toStatuses?.(event).includes(state);
  return there && Object.entries(facts ?? {}).every(([k, v]) => (row as Record<string, unknown>)[k] === v);
}

/** Whether the machine has a row for `event` where `row` is (the action may be taken now). */
export function isAllowed<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, row: Row, event: Event): boolean {
  return !!m.transitionOf(stateOf(m, row), event);
}

/** Refuses (40900) an action whose event the machine does not allow where the row is, before the caller does more. */
export function assertAllowed<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, row: Row, event: Event): void {
  if (!isAllowed(m, row, event)) throw staleError(m, row, event);
}

/** 40900 for a row that is not (or no longer) where the caller's action needs it. */
export function staleError<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, row: Row, event: Event) {
  const state = stateOf(m, row);
  return conflict(`${m.describe(row).noun} 当前状态为「${m.label(state)}」，不能执行该操作，请刷新后重试`, { status: state, event });
}

/**
 * Applies one transition inside `tx`: the conditional update (`where id and status = seen`), its trace, its domain event
 * and its audit row, in one statement (the writes are CTEs that read the updated row, so they happen only when the
 * update does). A row changed by someone else since it was read fails with 40900, so of two concurrent callers one wins.
 */
export async function applyTransition<Row extends StatusRow, Event extends string>(
  tx: Db,
  m: BoundMachine<Row, Event>,
  row: Row,
  step: Step<Row, Event>,
): Promise<{ row: Row; transition: EngineTransition }> {
  const from = stateOf(m, row);
  const t = m.transitionOf(from, step.event);
  if (!t) throw staleError(m, row, step.event);
  const target = m.resolve ? m.resolve(row, t.to) : { status: t.to };
  if (!target) throw staleError(m, row, step.event);
  const c = m.columns;
  const to = target.status;
  const [status, sub] = c.subStatus ? to.split('/') : [to];
  const changes: Record<string, unknown> = {
    ...step.set,
    ...target.set,
    [keyOf(m, c.status)]: status,
    ...(c.subStatus ? { [keyOf(m, c.subStatus)]: sub ?? null } : {}),
    [keyOf(m, c.updatedAt)]: step.op.now,
  };
  const after = { ...row, ...step.set } as Record<string, unknown>;
  const event = eventRow(m, step.event, { id: row.id, from, to, member: c.member && after[keyOf(m, c.member)], ref: c.ref && after[keyOf(m, c.ref)] }, step);
  const statement: TransitionStatement = {
    set: definedOnly(changes),
    where: { id: row.id, status: row.status },
    event: definedOnly(event),
    audit: definedOnly(stepAudit(m, row, step, from, to)),
    traces: stepTraces(m, row, t, step, from, to).map(definedOnly),
  };
  // The row comes back as the caller read it with the changes applied: only values computed by SQL are read back.
  const computed = Object.keys(changes).filter((k) => is(changes[k], SQL));
  const selfGuard = t.to === from ? m.selfGuard?.(row) : undefined;
  // The second status column is part of what was read: it too must be unchanged.
  const seenSub = c.subStatus && (row as Record<string, unknown>)[keyOf(m, c.subStatus)];
  const subGuard = c.subStatus ? (typeof seenSub === 'string' ? eq(c.subStatus, seenSub) : isNull(c.subStatus)) : undefined;
  const guard = selfGuard && subGuard ? and(selfGuard, subGuard) : (selfGuard ?? subGuard);
  const [updated] =
    computed.length || guard
      ? await buildTransition(tx, m, statement, inline, computed, guard)
      : await reusedTransition(m, statement)(tx, placeholderValues(statement));
  if (!updated) throw await movedByOther(tx, m, row, step.event);
  const { id: _, ...read } = updated as Record<string, unknown>;
  return { row: { ...row, ...changes, ...read } as Row, transition: t };
}

/**
 * The bulk form: every row matching `where` that is in `from` takes `event` in one statement, with one trace row each
 * and one audit row for the batch. Rows elsewhere are left alone (the caller's where says which it means).
 */
export async function applyBulkTransition<Row extends StatusRow, Event extends string>(
  tx: Db,
  m: BoundMachine<Row, Event>,
  bulk: { from: string; where: SQL; target: { type: string; id: string | number } },
  step: Step<Row, Event>,
): Promise<number[]> {
  const t = m.transitionOf(bulk.from, step.event);
  if (!t) throw new Error(`${m.name}: no transition ${bulk.from} --${step.event}-->`);
  if (t.to === 'previous') throw new Error(`${m.name}: a bulk transition needs a fixed target status`);
  if (m.columns.subStatus) throw new Error(`${m.name}: a bulk transition needs a one-column status`);
  const c = m.columns;
  const moved = (await tx
    .update(m.table)
    .set({ ...step.set, [keyOf(m, c.status)]: t.to, [keyOf(m, c.updatedAt)]: step.op.now } as never)
    .where(and(eq(c.status, bulk.from), bulk.where))
    .returning({ id: c.id, ...(c.member ? { member: c.member } : {}), ...(c.ref ? { ref: c.ref } : {}) })) as { id: number; member?: unknown; ref?: unknown }[];
  const ids = moved.map((r) => r.id);
  if (!ids.length) return ids;
  await writeDomainEvents(
    tx,
    m,
    step.event,
    moved.map((r) => ({ id: r.id, from: bulk.from, to: t.to, member: r.member, ref: r.ref })),
    step,
  );
  if (t.trace && m.traces) {
    const { table, row } = m.traces;
    await tx
      .insert(table)
      .values(ids.map((id) => row({ id, type: t.trace!, event: step.event, from: bulk.from, to: t.to, note: step.note ?? '' }, step.op)) as never);
  }
  await writeAudit(
    tx,
    step.op.actor,
    {
      action: `${m.name}.${step.event}`,
      targetType: bulk.target.type,
      targetId: bulk.target.id,
      before: { status: bulk.from },
      after: { status: t.to, count: ids.length, ...(step.note ? { note: step.note } : {}), ...step.audit },
    },
    step.op.now,
  );
  return ids;
}

/**
 * Many rows, each with its own step of the same event (its own note, values and facts): what `applyTransition` does for
 * one row, for all of them in a fixed number of statements, whatever their count. One update moves every row (its new
 * values ride in one JSON parameter); the domain events, timeline entries and audit rows (one each per row, as the
 * one-row form writes them) follow in multi-row inserts. All or nothing: a row no longer where it was read fails the
 * call with 40900. The steps must set the same columns, to plain values.
 */
export async function applyEachTransition<Row extends StatusRow, Event extends string>(
  tx: Db,
  m: BoundMachine<Row, Event>,
  items: { row: Row; step: Step<Row, Event> }[],
): Promise<Row[]> {
  if (!items.length) return [];
  const c = m.columns;
  if (c.subStatus) throw new Error(`${m.name}: applyEachTransition needs a one-column status`);
  const columns = getTableColumns(m.table);
  const setKeys = Object.keys(items[0].step.set ?? {});
  const planned = items.map(({ row, step }) => {
    const from = row.status;
    const t = m.transitionOf(from, step.event);
    if (!t) throw staleError(m, row, step.event);
    const target = m.resolve ? m.resolve(row, t.to) : { status: t.to };
    if (!target || target.set) throw staleError(m, row, step.event);
    const set = (step.set ?? {}) as Record<string, unknown>;
    const keys = Object.keys(set);
    if (keys.length !== setKeys.length || keys.some((k) => !setKeys.includes(k) || is(set[k], SQL)))
      throw new Error(`${m.name}: applyEachTransition needs every step to set the same columns to plain values`);
    return { row, step, from, to: target.status, transition: t, set };
  });
  // One row of the update's input per row: its id, the status it was read in, where it goes, and its values as the driver takes them.
  const input = planned.map((p) => ({
    id: p.row.id,
    seen_status: p.from,
    to_status: p.to,
    at_time: p.step.op.now.toISOString(),
    ...Object.fromEntries(setKeys.map((k, i) => [`v${i}`, p.set[k] === null ? null : columns[k].mapToDriverValue(p.set[k])])),
  }));
  const name = (col: PgColumn) => sql.identifier(col.name);
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update ${m.table} set ${name(c.status)} = v.to_status, ${name(c.updatedAt)} = v.at_time${sql.join(
      setKeys.map((k, i) => sql`, ${name(columns[k])} = v.${sql.identifier(`v${i}`)}`),
    )}
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as v(id int, seen_status text, to_status text, at_time timestamptz${sql.join(
      setKeys.map((k, i) => sql.raw(`, v${i} ${columns[k].getSQLType()}`)),
    )})
    where ${c.id} = v.id and ${c.status} = v.seen_status
    returning ${c.id} as id`,
  );
  if (moved.length < planned.length) {
    const done = new Set(moved.map((r) => Number(r.id)));
    const stale = planned.find((p) => !done.has(p.row.id))!;
    throw await movedByOther(tx, m, stale.row, stale.step.event);
  }
  const events: (typeof domainEvents.$inferInsert)[] = [];
  const audits: ReturnType<typeof auditRow>[] = [];
  const traces: Record<string, unknown>[] = [];
  const after = planned.map((p) => {
    const row = { ...p.row, ...p.set, status: p.to, [keyOf(m, c.updatedAt)]: p.step.op.now } as Row;
    const facts = row as Record<string, unknown>;
    events.push(
      eventRow(
        m,
        p.step.event,
        { id: p.row.id, from: p.from, to: p.to, member: c.member && facts[keyOf(m, c.member)], ref: c.ref && facts[keyOf(m, c.ref)] },
        p.step,
      ),
    );
    audits.push(stepAudit(m, p.row, p.step, p.from, p.to));
    traces.push(...stepTraces(m, p.row, p.transition, p.step, p.from, p.to));
    return row;
  });
  // Chunks keep each insert well under the protocol's 65,535 bound parameters.
  const inChunks = async (table: PgTable, rows: Record<string, unknown>[]) => {
    for (let i = 0; i < rows.length; i += EACH_CHUNK) await tx.insert(table).values(rows.slice(i, i + EACH_CHUNK) as never);
  };
  await inChunks(domainEvents, events);
  if (m.traces) await inChunks(m.traces.table, traces);
  await inChunks(auditLogs, audits);
  return after;
}
const EACH_CHUNK = 1000;

/** The audit row of one row's step: the action, the status before and after, the step's note and facts. */
function stepAudit<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, row: Row, step: Step<Row, Event>, from: string, to: string) {
  return auditRow(
    step.op.actor,
    {
      action: `${m.name}.${step.event}`,
      targetType: m.targetType ?? m.name,
      targetId: m.describe(row).target,
      before: { status: from },
      after: { status: to, ...(step.note ? { note: step.note } : {}), ...step.audit },
    },
    step.op.now,
  );
}

/** The timeline rows of one row's step: the transition's own entry (when it has one), then the step's `alsoTrace`. */
function stepTraces<Row extends StatusRow, Event extends string>(
  m: BoundMachine<Row, Event>,
  row: Row,
  t: EngineTransition,
  step: Step<Row, Event>,
  from: string,
  to: string,
): Record<string, unknown>[] {
  if (!m.traces) return [];
  const entries = [
    ...(t.trace ? [{ type: t.trace, event: step.event, from, note: step.note ?? '' }] : []),
    ...(step.alsoTrace ?? []).map((x) => ({ ...x, from: to })),
  ];
  return entries.map((x) => m.traces!.row({ id: row.id, to, ...x }, step.op));
}

/** 40900 for a row whose guarded update matched nothing: someone else moved it since it was read (its state now named). */
async function movedByOther<Row extends StatusRow, Event extends string>(tx: Db, m: BoundMachine<Row, Event>, row: Row, event: Event) {
  const c = m.columns;
  const [now] = (await tx
    .select({ status: c.status, ...(c.subStatus ? { [keyOf(m, c.subStatus)]: c.subStatus } : {}) })
    .from(m.table)
    .where(eq(c.id, row.id))) as Row[];
  const status = now ? stateOf(m, now) : stateOf(m, row);
  return conflict(`${m.describe(row).noun} 已被其他操作更新（当前状态「${m.label(status)}」），请刷新后重试`, { status, event });
}

/** The property name drizzle gives a column of the machine's table (its key in a selected row). */
function keyOf(m: { table: PgTable }, column: PgColumn): string {
  let key = columnKeys.get(column);
  if (key === undefined) {
    const columns = getTableColumns(m.table);
    key = Object.keys(columns).find((k) => columns[k] === column) ?? column.name;
    columnKeys.set(column, key);
  }
  return key;
}
const columnKeys = new WeakMap<PgColumn, string>();

/**
 * The outbox (issue 13): one domain event per row moved, in the transition's own transaction, so an event exists
 * exactly when its transition committed. The dispatcher (modules/open/events.ts) fans it out to webhooks and messages.
 */
export async function writeDomainEvents(
  tx: Db,
  m: { name: string; targetType?: string },
  event: string,
  rows: { id: number; from: string; to: string; member?: unknown; ref?: unknown }[],
  step: { op: Op; note?: string; eventData?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(domainEvents).values(rows.map((r) => eventRow(m, event, r, step)));
}

function eventRow(
  m: { name: string; targetType?: string },
  event: string,
  r: { id: number; from: string; to: string; member?: unknown; ref?: unknown },
  step: { op: Op; note?: string; eventData?: Record<string, unknown> },
): typeof domainEvents.$inferInsert {
  return {
    type: `${m.name}.${event}`,
    entityType: m.targetType ?? m.name,
    entityId: String(r.id),
    memberId: typeof r.member === 'number' ? r.member : null,
    data: { from: r.from, to: r.to, ...(r.ref ? { no: String(r.ref) } : {}), ...step.eventData, ...(step.note ? { note: step.note } : {}) },
    createdAt: step.op.now,
  };
}
