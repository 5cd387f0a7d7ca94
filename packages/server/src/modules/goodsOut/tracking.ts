import { and, asc, eq, inArray, isNull, lt, ne, not, or, sql } from 'drizzle-orm';
import { TRACKING_PROBLEMS, TrackingStatus } from '@waystation/shared/vocab/tracking';
import type { Db } from '../../db';
import { packages, packageTracking, packageTrackingEvents } from '../../db/schema';
import type { SecretBox } from '../../core/secrets';
import { isAllowed, writeDomainEvents } from '../../core/transition';
import { SANDBOX_LABEL } from './carriers/sandbox';
import { raiseOn } from './exceptions';
import {
  ALREADY_REGISTERED,
  NOT_REGISTERED,
  SEVENTEEN_TRACK_BATCH,
  type SeventeenTrackClient,
  SeventeenTrackError,
  seventeenTrack,
  type TrackInfo,
} from './seventeenTrack';
import { nextSandboxStep, sandboxBooked, sandboxDue } from './sandboxTracking';
import { recordRun, trackingConfig } from './trackingSettings';
import { applyStep, lockPackage, type Op, packageRows } from './transition';

/**
 * Issue #33.3: every hour the job registers newly shipped packages with 17TRACK and polls those not yet received (the
 * longest unchecked first, 40 a call), stores the events once each, marks a delivered package received (before the
 * 30-day auto-receive) and raises one exception when the carrier reports the parcel in trouble. Members are told of both
 * (domain events package.delivered and package.tracking_problem). Without settings, or switched off, it calls nobody.
 * Where the demo carrier is allowed, its parcels move one step a run the same way, without 17TRACK (sandboxTracking.ts).
 */

/** Batches of 40 one run takes at most (1,000 packages an hour); the rest wait for the next run, longest unchecked first. */
const MAX_BATCHES = 25;
/** The demo carrier's parcels this many at most a run. */
const MAX_SANDBOX = 200;

export interface TrackingRun {
  /** Tracking is off or has no key: 17TRACK was not called (the demo carrier's parcels may still have moved). */
  skipped: boolean;
  registered: number;
  polled: number;
  events: number;
  delivered: number;
  problems: number;
  /** 17TRACK's refusal of a call (a bad key, too many calls): the packages not yet checked wait for the next run. */
  error: string;
}

interface Due {
  id: number;
  trackingNo: string;
  registeredNo: string | null;
  registeredAt: Date | null;
}

/** Shipped packages with a number (and those a tracking problem holds) not checked since `before`, longest unchecked first. */
async function duePackages(db: Db, before: Date, limit: number): Promise<Due[]> {
  return db
    .select({ id: packages.id, trackingNo: packages.trackingNo, registeredNo: packageTracking.trackingNo, registeredAt: packageTracking.registeredAt })
    .from(packages)
    .leftJoin(packageTracking, eq(packageTracking.packageId, packages.id))
    .where(
      and(
        or(eq(packages.status, 'shipped'), and(eq(packages.status, 'exception'), eq(packages.prevStatus, 'shipped'))),
        ne(packages.trackingNo, ''),
        // The demo carrier's numbers are nobody's: they never go to 17TRACK.
        not(sandboxBooked),
        or(isNull(packageTracking.checkedAt), lt(packageTracking.checkedAt, before)),
      ),
    )
    .orderBy(sql`${packageTracking.checkedAt} asc nulls first`, asc(packages.id))
    .limit(limit);
}

const keyOf = (no: string) => no.trim().toUpperCase();

async function setTracking(db: Db, ids: number[], set: Partial<typeof packageTracking.$inferInsert>): Promise<void> {
  if (ids.length) await db.update(packageTracking).set(set).where(inArray(packageTracking.packageId, ids));
}

/** Registers the packages new to 17TRACK (or whose number changed); returns those now registered. */
async function register(db: Db, client: SeventeenTrackClient, due: Due[], now: Date, run: TrackingRun): Promise<Due[]> {
  const fresh = due.filter((d) => !d.registeredAt || d.registeredNo !== d.trackingNo);
  if (!fresh.length) return due;
  const r = await client.register([...new Set(fresh.map((d) => d.trackingNo.trim()))]);
  const ok = new Set([...r.accepted, ...r.rejected.filter((x) => x.code === ALREADY_REGISTERED).map((x) => x.number)].map(keyOf));
  const refused = new Map(r.rejected.map((x) => [keyOf(x.number), `${x.code} ${x.message}`.trim()]));
  for (const d of fresh) {
    const registered = ok.has(keyOf(d.trackingNo));
    const values = {
      trackingNo: d.trackingNo,
      registeredAt: registered ? now : null,
      lastError: registered ? '' : (refused.get(keyOf(d.trackingNo)) ?? ''),
      // A number refused now is tried again at a later run, after the others.
      ...(registered ? {} : { checkedAt: now }),
      updatedAt: now,
    };
    await db
      .insert(packageTracking)
      .values({ packageId: d.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: packageTracking.packageId, set: values });
    if (registered) run.registered++;
  }
  return due.filter((d) => !fresh.includes(d) || ok.has(keyOf(d.trackingNo)));
}

/**
 * What 17TRACK says of one package, in one transaction: its new events (each stored once), its status, and on
 * delivery the package received; on a problem new since the last one, an exception and the member told.
 */
/** `source`: who reported the parcel's way (the actor of the trace and audit, and the words of the notes). */
async function applyInfo(db: Db, packageId: number, info: TrackInfo, now: Date, run: TrackingRun, source = '17TRACK'): Promise<void> {
  const op: Op = { actor: { id: null, name: source, ip: '' }, now };
  await db.transaction(async (tx) => {
    const row = await lockPackage(tx, { id: packageId });
    const [t] = await tx.select().from(packageTracking).where(eq(packageTracking.packageId, packageId)).for('update');
    if (info.events.length) {
      const stored = await tx
        .insert(packageTrackingEvents)
        .values(
          info.events.map((e) => ({
            packageId,
            occurredAt: e.at,
            status: e.status ?? '',
            description: e.description,
            location: e.location,
            provider: e.provider,
            raw: e.raw,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: packageTrackingEvents.id });
      run.events += stored.length;
    }
    const facts = { id: row.id, from: row.status, member: row.memberId, ref: row.packageNo };
    let problemStatus = TRACKING_PROBLEMS.includes(info.status) ? (t?.problemStatus ?? '') : '';
    if (info.status === 'delivered' && isAllowed(packageRows, row, 'sign')) {
      await applyStep(tx, row, { event: 'sign', op, note: `承运商确认签收（${source}）`, set: { receivedAt: now, receivedBy: 'carrier' } });
      await writeDomainEvents(tx, packageRows, 'delivered', [{ ...facts, to: 'received' }], { op, eventData: { trackingNo: row.trackingNo } });
      run.delivered++;
    } else if (problemStatus !== info.status && TRACKING_PROBLEMS.includes(info.status)) {
      const latest = info.events.reduce<(typeof info.events)[number] | null>((a, e) => (!a || e.at > a.at ? e : a), null);
      // The member reads the carrier's words; staff also the status and the number.
      const problem = latest?.description || TrackingStatus.label(info.status);
      const reason = `${source} ${info.number}：${TrackingStatus.label(info.status)}${latest?.description ? `，${latest.description}` : ''}`;
      // A package a tracking problem already holds keeps its one exception; the new problem is only remembered.
      if (isAllowed(packageRows, row, 'raise')) {
        await raiseOn(tx, row, { type: 'carrier_problem', reason, photos: [] }, op);
        await writeDomainEvents(tx, packageRows, 'tracking_problem', [{ ...facts, to: 'exception' }], {
          op,
          eventData: { trackingNo: row.trackingNo, trackingStatus: info.status, problem },
        });
        run.problems++;
      }
      problemStatus = info.status;
    }
    await tx
      .update(packageTracking)
      .set({ status: info.status, subStatus: info.subStatus, checkedAt: now, lastError: '', problemStatus, updatedAt: now })
      .where(eq(packageTracking.packageId, packageId));
  });
}

/** One batch: register what is new, read the tracking of the registered, apply it; every package of it counts as checked. */
async function trackBatch(db: Db, client: SeventeenTrackClient, due: Due[], now: () => Date, run: TrackingRun): Promise<void> {
  const registered = await register(db, client, due, now(), run);
  if (registered.length) {
    const r = await client.trackInfo([...new Set(registered.map((d) => d.trackingNo.trim()))]);
    run.polled += r.accepted.length;
    for (const info of r.accepted) {
      for (const d of registered.filter((x) => keyOf(x.trackingNo) === keyOf(info.number))) await applyInfo(db, d.id, info, now(), run);
    }
    for (const x of r.rejected) {
      const ids = registered.filter((d) => keyOf(d.trackingNo) === keyOf(x.number)).map((d) => d.id);
      // Not registered there (any more): registered again at the next run.
      await setTracking(db, ids, { lastError: `${x.code} ${x.message}`.trim(), ...(x.code === NOT_REGISTERED ? { registeredAt: null } : {}) });
    }
  }
  await setTracking(
    db,
    due.map((d) => d.id),
    { checkedAt: now(), updatedAt: now() },
  );
}

/** The demo carrier's parcels, each one step further (sandboxTracking.ts), applied as 17TRACK's answers are. */
async function trackSandbox(db: Db, now: () => Date, run: TrackingRun): Promise<void> {
  for (const d of await sandboxDue(db, MAX_SANDBOX)) {
    const info = nextSandboxStep(d, now());
    if (!info) continue;
    const at = now();
    await db
      .insert(packageTracking)
      .values({ packageId: d.id, trackingNo: d.trackingNo, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: packageTracking.packageId, set: { trackingNo: d.trackingNo, updatedAt: at } });
    await applyInfo(db, d.id, info, at, run, SANDBOX_LABEL);
    run.polled++;
  }
}

/**
 * The hourly run (goodsOut.tracking), also run at once from the settings screen: see the top of this file.
 * `sandboxOn`: the server allows the demo carrier, whose parcels then move too.
 */
export async function runTracking(
  db: Db,
  secrets: SecretBox,
  now: () => Date,
  o: { heartbeat?: () => Promise<void>; sandboxOn?: boolean } = {},
): Promise<TrackingRun> {
  const run: TrackingRun = { skipped: false, registered: 0, polled: 0, events: 0, delivered: 0, problems: 0, error: '' };
  const started = now();
  if (o.sandboxOn) await trackSandbox(db, now, run);
  const config = await trackingConfig(db, secrets);
  if (!config) {
    if (run.polled) await recordRun(db, { at: started.toISOString(), registered: 0, polled: run.polled, events: run.events, error: '' }, now());
    return { ...run, skipped: true };
  }
  const client = seventeenTrack(config);
  try {
    for (let i = 0; i < MAX_BATCHES; i++) {
      const due = await duePackages(db, started, SEVENTEEN_TRACK_BATCH);
      if (!due.length) break;
      await trackBatch(db, client, due, now, run);
      await o.heartbeat?.();
    }
  } catch (err) {
    if (!(err instanceof SeventeenTrackError)) throw err;
    run.error = err.message;
  }
  const { registered, polled, events, error } = run;
  await recordRun(db, { at: started.toISOString(), registered, polled, events, error }, now());
  return run;
}
