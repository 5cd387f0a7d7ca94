import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { and, desc, eq, lte } from 'drizzle-orm';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, EXPORT_TTL_MS, ExportColumn, type ExportCreateBody, type ExportJob } from '@waystation/shared/contract/export';
import type { Db } from '../../db';
import { admins, exportJobs } from '../../db/schema';
import { type Caller, loadGrants } from '../../core/auth';
import { type ApiRouteInfo, permits } from '../../core/http';
import { AppError, forbidden, notFound, schemaInvalid } from '../../core/errors';
import { enqueueJob, type JobSet, periodKey } from '../../core/jobs';
import { businessDateTime } from '../../platform/businessTime';
import type { FileStorage } from '../../platform/storage';
import { XLSX_TYPE } from '../../platform/excel';
import { ErrorCode } from '@waystation/shared/contract/common';
import { isActive } from '../../core/status';

/** Rows asked of the list per page while exporting. */
const PAGE = 200;
/** Pages between two collections of the garbage an export makes (see collectGarbage). */
const COLLECT_EVERY = 25;

/**
 * A long export allocates about a kilobyte per row in answers it drops at once; left alone, V8 grows the heap by
 * hundreds of megabytes before it collects. Collecting every few thousand rows keeps the server's memory flat (a
 * full collection of a small heap takes a few milliseconds). V8 gives the collector to code only behind a flag,
 * which is set for this purpose alone.
 */
const collectGarbage: () => void = (() => {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return () => {};
  }
})();
export const EXPORT_JOB = 'export.run';

/** What the export job needs from the server it runs in: the API's calls (to page through a list) and the file store. */
export interface ExportRuntime {
  routes: () => ApiRouteInfo[];
  storage: FileStorage;
}

type ListAnswer = { list?: unknown[]; total?: number; nextCursor?: string | null };

/** A GET call that answers a page of rows (`list`) and takes page and limit: what can be exported. */
function exportableRoute(routes: ApiRouteInfo[], url: string): ApiRouteInfo & { read: NonNullable<ApiRouteInfo['read']>; query: z.ZodType } {
  const route = routes.find((r) => r.method === 'GET' && r.url === url);
  const shape = route?.query && 'shape' in route.query ? (route.query.shape as Record<string, unknown>) : undefined;
  // A call that needs a verification ticket is never read around its verification.
  if (!route?.read || route.verify || !route.query || !shape || !('page' in shape) || !('limit' in shape) || url.startsWith('/api/export/')) {
    throw new AppError(ErrorCode.VALIDATION, '不是可以导出的列表');
  }
  return route as ApiRouteInfo & { read: NonNullable<ApiRouteInfo['read']>; query: z.ZodType };
}

/** The caller as the export job acts for them: their account's grants now (a right taken away stops the export). */
async function callerOf(db: Db, adminId: number): Promise<Caller> {
  const [a] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!isActive(a)) throw forbidden();
  return { id: a.id, username: a.username, name: a.name, sessionId: 0, ...(await loadGrants(db, a.id)) };
}

/** The list's input for one page: its filters as the list itself validates them. */
function pageQuery(route: { query: z.ZodType }, query: Record<string, unknown>, page: { page: number; cursor?: string | null }) {
  const parsed = route.query.safeParse({
    ...query,
    page: String(page.page),
    limit: String(PAGE),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });
  if (!parsed.success) throw schemaInvalid(parsed.error.issues);
  return parsed.data;
}

/** Whether a finished export's file is past its 24 hours (the hourly job deletes it; until then it is refused). */
const isExpired = (r: typeof exportJobs.$inferSelect, now: Date) =>
  r.status === 'expired' || (r.status === 'done' && !!r.finishedAt && now.getTime() - r.finishedAt.getTime() >= EXPORT_TTL_MS);

const toJob = (r: typeof exportJobs.$inferSelect, now: Date): ExportJob => ({
  id: r.id,
  name: r.name,
  status: isExpired(r, now) ? 'expired' : (r.status as ExportJob['status']),
  done: r.done,
  total: r.total,
  size: r.size,
  error: r.error,
  createTime: r.createdAt.toISOString(),
  finishTime: r.finishedAt?.toISOString() ?? null,
});

/**
 * Starts an export: the list must be one the caller may read and its filters must pass the list's own validation;
 * the first page is read at once (its total is the progress bar's end). The job does the rest.
 */
export async function createExport(db: Db, rt: ExportRuntime, caller: Caller, body: z.output<typeof ExportCreateBody>, now: Date): Promise<ExportJob> {
  const route = exportableRoute(rt.routes(), body.url);
  if (!permits(caller, route.permission)) throw forbidden();
  const first = (await route.read({
    query: pageQuery(route, body.query, { page: 1 }),
    caller,
    actor: { id: caller.id, name: caller.name, ip: '' },
    now,
  })) as ListAnswer;
  const [row] = await db
    .insert(exportJobs)
    .values({
      adminId: caller.id,
      name: body.name,
      url: body.url,
      query: body.query,
      columns: body.columns,
      status: 'pending',
      total: typeof first?.total === 'number' ? first.total : null,
      createdAt: now,
    })
    .returning();
  await enqueueJob(db, { kind: EXPORT_JOB, key: `export:${row.id}`, payload: { id: row.id }, runAt: now }, now);
  return toJob(row, now);
}

const valueAt = (row: unknown, field: string): unknown =>
  field.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);

/** y-m-d h:i:s in a time zone (sv-SE writes dates that way); business time when the zone is unknown. */
function timeText(at: Date, timeZone: string | undefined): string {
  if (!timeZone) return businessDateTime(at);
  try {
    const f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    return f.format(at);
  } catch {
    return businessDateTime(at);
  }
}

function cell(row: unknown, c: z.output<typeof ExportColumn>): string | number | null {
  const v = valueAt(row, c.field);
  if (v === null || v === undefined) return null;
  if (c.labels && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) return c.labels[String(v)] ?? String(v);
  if (Array.isArray(v)) return v.map((x) => c.labels?.[String(x)] ?? (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (c.kind === 'money' && typeof v === 'number') return v / 100;
  if (c.kind === 'number' && typeof v === 'number') return v;
  if (c.kind === 'time' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) return timeText(new Date(v), c.timeZone);
  if (typeof v === 'number' || typeof v === 'string') return v;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const quoted = (text: string) => `"${text.replaceAll('"', '')}"`;
/**
 * How Excel shows a number cell, as the list does: money with thousands, two decimals and the row's currency
 * (1,234.56 CNY); a number with its unit (1150 g). The cell keeps the number.
 */
function numberFormat(row: unknown, c: z.output<typeof ExportColumn>): string | undefined {
  if (c.kind === 'money') {
    const currency = valueAt(row, 'currency');
    return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? `#,##0.00 ${quoted(currency)}` : '#,##0.00';
  }
  if (c.kind === 'number' && c.unit) return `0 ${quoted(c.unit)}`;
  return undefined;
}

/**
 * The export job: pages through the list as its owner (keyset by the list's cursor when it has one, else page by page),
 * writing each page into a streamed workbook on disk (rows are never all in memory), the progress after each page;
 * then the file goes to the file store.
 */
async function runExport(db: Db, rt: ExportRuntime, id: number, now: () => Date, heartbeat: () => Promise<void>) {
  const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, id)).limit(1);
  // A finished job (done or failed: both stamp finishedAt) does not run again.
  if (!job || job.finishedAt) return { skipped: true };
  const columns = z.array(ExportColumn).parse(job.columns);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ws-export-')), 'export.xlsx');
  try {
    await db.update(exportJobs).set({ status: 'running', done: 0 }).where(eq(exportJobs.id, id));
    const route = exportableRoute(rt.routes(), job.url);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    const sheet = book.addWorksheet(job.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({ header: c.title, width: c.kind === 'time' ? 20 : Math.min(40, Math.max(12, c.title.length * 2 + 4)) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let done = 0;
    let page = 1;
    let cursor: string | null | undefined;
    for (;;) {
      const caller = await callerOf(db, job.adminId);
      if (!permits(caller, route.permission)) throw forbidden();
      const answer = (await route.read({
        query: pageQuery(route, job.query, { page, cursor }),
        caller,
        actor: { id: caller.id, name: caller.name, ip: '' },
        now: now(),
      })) as ListAnswer;
      const rows = answer?.list ?? [];
      for (const r of rows) {
        const line = sheet.addRow(columns.map((c) => cell(r, c)));
        columns.forEach((c, i) => {
          const format = numberFormat(r, c);
          if (format) line.getCell(i + 1).numFmt = format;
        });
        line.commit();
      }
      done += rows.length;
      await db.update(exportJobs).set({ done }).where(eq(exportJobs.id, id));
      await heartbeat();
      if (rows.length < PAGE || done >= EXPORT_MAX_ROWS) break;
      if ((done / PAGE) % COLLECT_EVERY === 0) collectGarbage();
      if (answer.nextCursor) cursor = answer.nextCursor;
      else page++;
    }
    sheet.commit();
    await book.commit();
    const data = fs.readFileSync(file);
    const month = now().toISOString().slice(0, 7).replace('-', '');
    const uri = `exports/${month}/${crypto.randomBytes(16).toString('hex')}.xlsx`;
    await rt.storage.put(uri, data, XLSX_TYPE);
    await db.update(exportJobs).set({ status: 'done', done, fileUri: uri, size: data.length, finishedAt: now() }).where(eq(exportJobs.id, id));
    return { rows: done, bytes: data.length };
  } catch (err) {
    const message = err instanceof AppError ? err.message : '导出失败，请稍后重试';
    await db.update(exportJobs).set({ status: 'failed', error: message, finishedAt: now() }).where(eq(exportJobs.id, id));
    return { failed: message };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

export const EXPORT_EXPIRE_JOB = 'export.expire';

/** Deletes the files of exports finished more than EXPORT_TTL_MS ago; their jobs show 已过期 (expired). */
export async function expireExports(db: Db, storage: FileStorage, now: Date): Promise<{ expired: number }> {
  const due = await db
    .select({ id: exportJobs.id, fileUri: exportJobs.fileUri })
    .from(exportJobs)
    .where(and(eq(exportJobs.status, 'done'), lte(exportJobs.finishedAt, new Date(now.getTime() - EXPORT_TTL_MS))));
  for (const row of due) {
    if (row.fileUri) await storage.remove(row.fileUri);
    await db.update(exportJobs).set({ status: 'expired', fileUri: null }).where(eq(exportJobs.id, row.id));
  }
  return { expired: due.length };
}

export const exportJobSet = (rt: ExportRuntime): JobSet => ({
  kinds: [
    { kind: EXPORT_JOB, leaseMs: 10 * 60_000, run: (job, ctx) => runExport(ctx.db, rt, Number((job.payload as { id: number }).id), ctx.now, ctx.heartbeat) },
    { kind: EXPORT_EXPIRE_JOB, run: (_job, ctx) => expireExports(ctx.db, rt.storage, ctx.now()) },
  ],
  // Hourly, one job per hour however many servers.
  schedule: async (db, now) => {
    await enqueueJob(db, { kind: EXPORT_EXPIRE_JOB, key: periodKey(EXPORT_EXPIRE_JOB, 'hour', now), runAt: now }, now);
  },
});

/** The caller's own exports, newest first (the last 20). */
export async function myExports(db: Db, caller: Caller, now: Date): Promise<{ list: ExportJob[] }> {
  const rows = await db.select().from(exportJobs).where(eq(exportJobs.adminId, caller.id)).orderBy(desc(exportJobs.id)).limit(20);
  return { list: rows.map((r) => toJob(r, now)) };
}

export async function exportOf(db: Db, caller: Caller, id: number, now: Date): Promise<ExportJob> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.adminId, caller.id)))
    .limit(1);
  if (!row) throw notFound('导出任务不存在');
  return toJob(row, now);
}

/** The finished file of the caller's own export. */
export async function exportFile(db: Db, rt: ExportRuntime, caller: Caller, id: number, now: Date): Promise<{ data: Buffer; name: string }> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.adminId, caller.id)))
    .limit(1);
  if (!row) throw notFound('导出任务不存在');
  if (isExpired(row, now)) throw notFound('导出文件已过期，请重新导出');
  // Only a done job has a file (an expired one lost it above).
  if (!row.fileUri) throw new AppError(ErrorCode.CONFLICT, '导出尚未完成');
  const file = await rt.storage.get(row.fileUri);
  if (!file) throw notFound('导出文件已不存在，请重新导出');
  return { data: file.data, name: `${row.name}.xlsx` };
}
