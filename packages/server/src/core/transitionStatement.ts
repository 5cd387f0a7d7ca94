import { and, eq, getTableColumns, getTableName, is, Param, SQL, StringChunk, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, reusableQuery } from '../db';
import { auditLogs, domainEvents } from '../db/schema';
import type { BoundMachine, StatusRow } from './transition';

/**
 * The one statement a transition is (see applyTransition in ./transition.ts): the conditional update as a CTE and the
 * rows written from it, built once per shape and prepared by name.
 */
/** The values of one transition's statement, by part: the update's set and where, and each row it writes. */
export interface TransitionStatement {
  set: Record<string, unknown>;
  where: { id: number; status: string };
  event: Record<string, unknown>;
  audit: Record<string, unknown>;
  traces: Record<string, unknown>[];
}

export const definedOnly = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

/** How a value goes into the statement's text: itself (built for one call), or a named placeholder (built for reuse). */
type ValueIn = (name: string, value: unknown) => unknown;
export const inline: ValueIn = (_, value) => value;
// A null stays in the text (the shape says which values are null): column encoders do not take nulls.
const placeholder: ValueIn = (name, value) => (value === null ? null : sql.placeholder(name));

/** The placeholder names of a statement's values, as `placeholder` names them, with their values (nulls are in the text). */
export function placeholderValues(st: TransitionStatement): Record<string, unknown> {
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
export function buildTransition<Row extends StatusRow, Event extends string>(
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
export function reusedTransition<Row extends StatusRow, Event extends string>(m: BoundMachine<Row, Event>, st: TransitionStatement) {
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
