import { and, eq, getTableColumns, getTableName, is, isNull, Param, SQL, StringChunk, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, reusableQuery } from '../db';
import { auditLogs, domainEvents } from '../db/schema';
import { type Actor, auditRow, writeAudit } from './audit';
import { conflict } from './errors';

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

interface StatusRow {
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
 * caller answers such a repeat (a second scan, a double click) as done instead of refusing it.
 */
export function isRepeat<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, row: Row, event: Event): boolean {
  const state = stateOf(m, row);
  return !m.transitionOf(state, event) && !!m.toStatuses?.(event).includes(state);
}

/** Whether the machine allows `event` where the row is (what a screen may offer, what a station may do next). */
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
  const audit = auditRow(
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
  const entries = m.traces
    ? [...(t.trace ? [{ type: t.trace, event: step.event, from, note: step.note ?? '' }] : []), ...(step.alsoTrace ?? []).map((x) => ({ ...x, from: to }))]
    : [];
  const statement: TransitionStatement = {
    set: definedOnly(changes),
    where: { id: row.id, status: row.status },
    event: definedOnly(event),
    audit: definedOnly(audit),
    traces: entries.map((x) => definedOnly(m.traces!.row({ id: row.id, to, ...x }, step.op))),
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
  if (!updated) {
    const [now] = (await tx
      .select({ status: c.status, ...(c.subStatus ? { [keyOf(m, c.subStatus)]: c.subStatus } : {}) })
      .from(m.table)
      .where(eq(c.id, row.id))) as Row[];
    const status = now ? stateOf(m, now) : from;
    throw conflict(`${m.describe(row).noun} 已被其他操作更新（当前状态「${m.label(status)}」），请刷新后重试`, { status, event: step.event });
  }
  const { id: _, ...read } = updated as Record<string, unknown>;
  return { row: { ...row, ...changes, ...read } as Row, transition: t };
}

/** The values of one transition's statement, by part: the update's set and where, and each row it writes. */
interface TransitionStatement {
  set: Record<string, unknown>;
  where: { id: number; status: string };
  event: Record<string, unknown>;
  audit: Record<string, unknown>;
  traces: Record<string, unknown>[];
}

const definedOnly = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/** How a value goes into the statement's text: itself (built for one call), or a named placeholder (built for reuse). */
type ValueIn = (name: string, value: unknown) => unknown;
const inline: ValueIn = (_, value) => value;
// A null stays in the text (the shape says which values are null): column encoders do not take nulls.
const placeholder: ValueIn = (name, value) => (value === null ? null : sql.placeholder(name));

/** The placeholder names of a statement's values, as `placeholder` names them, with their values (nulls are in the text). */
function placeholderValues(st: TransitionStatement): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const add = (prefix: string, part: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(part)) if (v !== null) values[`${prefix}${k}`] = v;
  };
  add('set_', st.set);
  add('where_', st.where);
  add('event_', st.event);
  add('audit_', st.audit);
  for (const [i, r] of st.traces.entries()) add(`trace${i}_`, r);
  return values;
}

/**
 * One transition's statement: the conditional update (`where id and status = seen`) as a CTE, and the event, audit and
 * timeline rows written from it (so nothing is written when the update matched nothing), answering the updated row.
 */
function buildTransition<Row extends StatusRow, Event extends string>(
  db: Db,
  m: BoundMachine<Row, Event>,
  st: TransitionStatement,
  valueIn: ValueIn,
  computed: string[] = [],
  guard?: SQL,
) {
  const c = m.columns;
  const columns = getTableColumns(m.table);
  const part = (prefix: string, values: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, is(v, SQL) ? v : valueIn(`${prefix}${k}`, v)]));
  const moved = db.$with('moved').as(
    db
      .update(m.table)
      .set(part('set_', st.set) as never)
      .where(and(eq(c.id, valueIn('where_id', st.where.id)), eq(c.status, valueIn('where_status', st.where.status)), guard))
      .returning({ id: c.id, ...Object.fromEntries(computed.map((k) => [k, columns[k]])) }),
  );
  const written = (name: string, table: PgTable, rows: Record<string, unknown>[]) => db.$with(name, {}).as(insertFromRows(table, rows, 'moved'));
  const ctes = [written('event_written', domainEvents, [part('event_', st.event)]), written('audit_written', auditLogs, [part('audit_', st.audit)])];
  if (m.traces && st.traces.length)
    ctes.push(
      written(
        'trace_written',
        m.traces.table,
        st.traces.map((r, i) => part(`trace${i}_`, r)),
      ),
    );
  return db
    .with(moved, ...ctes)
    .select()
    .from(moved);
}

/**
 * The statement of a transition's shape (machine, the keys it sets and writes, which values are null), built once and
 * prepared by name: building it was the larger part of a transition's time on the server.
 */
const reusedTransitions = new Map<string, (db: Db, values: Record<string, unknown>) => Promise<unknown[]>>();
function reusedTransition<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, st: TransitionStatement) {
  const shapeOf = (part: Record<string, unknown>) => Object.entries(part).map(([k, v]) => (v === null ? `${k}=null` : k));
  const key = JSON.stringify([m.name, shapeOf(st.set), shapeOf(st.event), shapeOf(st.audit), st.traces.map(shapeOf)]);
  let run = reusedTransitions.get(key);
  if (!run) {
    run = reusableQuery(`transition_${reusedTransitions.size + 1}`, (db) => buildTransition(db, m, st, placeholder));
    reusedTransitions.set(key, run);
  }
  return run;
}

/**
 * `insert into table (…) select … from source`: rows of the same keys (by property name), in their order
 * (`select … union all select …`), written once per row of `source`, a CTE of the same statement. Each value is encoded
 * as its column encodes it and cast to the column's type.
 */
function insertFromRows(table: PgTable, rows: Record<string, unknown>[], source: string): SQL {
  const keys = Object.keys(rows[0]).filter((k) => rows[0][k] !== undefined);
  const shape = insertShape(table, keys, source);
  // The statement's text around the values is the same for every row of this shape: built once, then only the
  // values are bound (the hot path of every transition).
  const chunks: (StringChunk | Param)[] = [shape.head];
  for (const [r, values] of rows.entries()) {
    if (r > 0) chunks.push(shape.union);
    for (const [i, k] of keys.entries()) chunks.push(new Param(values[k], shape.columns[i]), shape.after[i]);
  }
  return new SQL(chunks);
}

const insertShapes = new Map<string, { head: StringChunk; union: StringChunk; columns: PgColumn[]; after: StringChunk[] }>();
function insertShape(table: PgTable, keys: string[], source: string) {
  const cacheKey = `${getTableName(table)}(${keys.join(',')}) from ${source}`;
  let shape = insertShapes.get(cacheKey);
  if (!shape) {
    const all = getTableColumns(table);
    const columns = keys.map((k) => all[k]);
    const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
    shape = {
      head: new StringChunk(`insert into ${quoted(getTableName(table))} (${columns.map((c) => quoted(c.name)).join(', ')}) select `),
      union: new StringChunk(' union all select '),
      columns,
      after: columns.map((c, i) => new StringChunk(`::${c.getSQLType()}${i < columns.length - 1 ? ', ' : ` from ${quoted(source)}`}`)),
    };
    insertShapes.set(cacheKey, shape);
  }
  return shape;
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
