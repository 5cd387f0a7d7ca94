import { z } from 'zod';
import { idParam } from './common';
import { defineCall, defineDownload } from './call';

/**
 * Exports (issue 15): any list exports what its filters select to Excel, as a job with progress and a download link.
 * The browser names the list's GET call, its filters and the columns it shows; the server pages through that call as
 * the person who asked (their permission checked again at each page), streaming rows into the workbook.
 */
export const EXPORT_MAX_ROWS = 2_000_000;
/** expired: the file was deleted EXPORT_TTL_MS after it was written (export again for a fresh one). */
export const ExportStatus = ['pending', 'running', 'done', 'failed', 'expired'] as const;
/** How long an export's file is kept and served to the person who asked for it. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;

const fieldPath = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+){0,3}$/, '列字段格式不正确');
/** One column: the header the list shows, the row field, how to write it, and the labels of coded values. */
export const ExportColumn = z.strictObject({
  title: z.string().trim().min(1).max(60),
  field: fieldPath,
  /** money: minor units → major (shown with the row's currency); time: ISO → the list's time text. */
  kind: z.enum(['text', 'number', 'money', 'time']).default('text'),
  labels: z.record(z.string().max(64), z.string().max(60)).optional(),
  /** number: the unit the list writes after the value ("g", "cm³"); the cell stays a number, shown with it. */
  unit: z.string().max(8).optional(),
  /** time: the zone the list shows its times in (the browser's); business time (Asia/Shanghai) without it. */
  timeZone: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/, '时区格式不正确')
    .max(40)
    .optional(),
});
export type ExportColumn = z.input<typeof ExportColumn>;

/** POST /api/export/create */
export const ExportCreateBody = z.strictObject({
  /** The list's GET call, e.g. /api/warehouse/package/pageList. */
  url: z.string().regex(/^\/api\/[A-Za-z0-9/_-]{1,120}$/, '不是可以导出的列表'),
  /** The list's filters as the page sends them (paging is the export's own). */
  query: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()])).default({}),
  columns: z.array(ExportColumn).min(1, '至少导出一列').max(40, '最多导出40列'),
  /** The file's name without .xlsx, e.g. 包裹列表. */
  name: z.string().trim().min(1).max(60),
});
export type ExportCreateBody = z.input<typeof ExportCreateBody>;

export const ExportJob = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(ExportStatus),
  /** Rows written so far. */
  done: z.number().int(),
  /** Rows the list said it had when the export began (an estimate past 10,000 when the list only estimates). */
  total: z.number().int().nullable(),
  size: z.number().int().nullable(),
  error: z.string(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type ExportJob = z.infer<typeof ExportJob>;
export const ExportIdQuery = z.strictObject({ id: idParam });
export const ExportJobList = z.object({ list: z.array(ExportJob) });

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const exportCreateCall = defineCall({ method: 'POST', url: '/api/export/create', body: ExportCreateBody, data: ExportJob });
export const exportStatusCall = defineCall({ method: 'GET', url: '/api/export/status', query: ExportIdQuery, data: ExportJob });
export const exportListCall = defineCall({ method: 'GET', url: '/api/export/list', data: ExportJobList });
export const exportDownloadFile = defineDownload({ url: '/api/export/download', query: ExportIdQuery });
