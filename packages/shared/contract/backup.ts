import { z } from 'zod';
import { PageQuery, pageOf } from './common';
import { defineCall, defineDownload } from './call';

/** Why a backup was taken. */
export const BackupReason = z.enum(['manual', 'scheduled', 'pre-migration']);
export type BackupReason = z.infer<typeof BackupReason>;

/** A run's state: ok and failed are final; a failed run keeps its message. */
export const BackupStatus = z.enum(['running', 'ok', 'failed']);
export type BackupStatus = z.infer<typeof BackupStatus>;

/** An archive's file name as the server makes it: nothing else (no path) is ever read, sent or deleted. */
export const BACKUP_FILE_NAME = /^waystation-\d{8}-\d{6}-(manual|scheduled|pre-migration)(-r\d{1,18})?\.tar\.gz$/;
const fileName = z.string().regex(BACKUP_FILE_NAME, '备份文件名不正确');

/** Limits of the settings, shared by the server's rules and the form's. */
export const BACKUP_LIMITS = {
  keepDaily: { min: 1, max: 90 },
  keepWeekly: { min: 0, max: 52 },
  archiveLogsAfterDays: { min: 30, max: 3650 },
  archiveTracesAfterDays: { min: 90, max: 3650 },
} as const;
export const DAILY_AT = /^([01]\d|2[0-3]):[0-5]\d$/;

const intIn = (message: string, { min, max }: { min: number; max: number }) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** Schedule (Asia/Shanghai time), retention of scheduled backups, and when old log and trace rows move to the archive tables. */
export const BackupSettings = z.strictObject({
  enabled: z.boolean({ error: '请选择是否开启每日备份' }),
  dailyAt: z.string({ error: '请输入每日备份时间' }).regex(DAILY_AT, '每日备份时间格式为 HH:mm（00:00~23:59）'),
  keepDaily: intIn('保留每日备份份数须为 1~90 的整数', BACKUP_LIMITS.keepDaily),
  keepWeekly: intIn('保留每周备份份数须为 0~52 的整数', BACKUP_LIMITS.keepWeekly),
  archiveLogsAfterDays: intIn('日志归档天数须为 30~3650 的整数', BACKUP_LIMITS.archiveLogsAfterDays),
  archiveTracesAfterDays: intIn('轨迹归档天数须为 90~3650 的整数', BACKUP_LIMITS.archiveTracesAfterDays),
});
export type BackupSettings = z.infer<typeof BackupSettings>;

/** GET /api/backup/settings: the settings, and when they were last changed (null: the defaults, never saved). */
export const BackupSettingsResult = BackupSettings.extend({ modifyTime: z.string().nullable(), modifiedBy: z.string() });
export type BackupSettingsResult = z.infer<typeof BackupSettingsResult>;

/** GET /api/backup/list */
export const BackupListQuery = PageQuery.pick({ page: true, limit: true });
export type BackupListQuery = z.infer<typeof BackupListQuery>;

export const BackupItem = z.object({
  /** The run's record; null for an archive found in the target without one (copied in by hand). */
  runId: z.number().int().nullable(),
  /** Empty for a run that failed before writing its archive. */
  fileName: z.string(),
  reason: BackupReason,
  status: BackupStatus,
  startTime: z.string(),
  finishTime: z.string().nullable(),
  bytes: z.number().int().nullable(),
  tables: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  error: z.string(),
  operatorName: z.string(),
  /** The run says ok but its archive is no longer in the target (deleted outside the screen). */
  missing: z.boolean(),
});
export type BackupItem = z.infer<typeof BackupItem>;

export const BackupListResult = pageOf(BackupItem).extend({
  running: z.boolean(),
  target: z.object({ kind: z.enum(['folder', 's3']), where: z.string() }),
  /** The target could not be listed (the bucket is unreachable…): the runs are still shown. */
  targetError: z.string(),
  /** The next scheduled backup (ISO time), or null when the schedule is off. */
  nextScheduled: z.string().nullable(),
});
export type BackupListResult = z.infer<typeof BackupListResult>;

/** POST /api/backup/run: a manual backup now (one at a time). */
export const BackupRunBody = z.strictObject({});
export const BackupRunResult = z.object({ runId: z.number().int() });

/** GET /api/backup/download?name= (streams the archive) */
export const BackupDownloadQuery = z.strictObject({ name: fileName });

/** POST /api/backup/delete: an archive by file name, or a failed run's record by id. */
export const BackupDeleteBody = z
  .strictObject({ name: fileName.optional(), runId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .refine((b) => (b.name === undefined) !== (b.runId === undefined), { message: '请指定要删除的备份（文件名或运行记录，二选一）', path: ['name'] });
export type BackupDeleteBody = z.infer<typeof BackupDeleteBody>;

// The calls (issue #29): each declared once, registered by the server's routes.ts, made by the web.
export const backupListCall = defineCall({ method: 'GET', url: '/api/backup/list', query: BackupListQuery, data: BackupListResult });
export const backupRunCall = defineCall({ method: 'POST', url: '/api/backup/run', body: BackupRunBody, data: BackupRunResult });
export const backupDownloadFile = defineDownload({ url: '/api/backup/download', query: BackupDownloadQuery });
export const backupDeleteCall = defineCall({ method: 'POST', url: '/api/backup/delete', body: BackupDeleteBody, data: z.null() });
export const backupSettingsCall = defineCall({ method: 'GET', url: '/api/backup/settings', data: BackupSettingsResult });
export const backupSaveSettingsCall = defineCall({ method: 'POST', url: '/api/backup/saveSettings', body: BackupSettings, data: z.null() });
