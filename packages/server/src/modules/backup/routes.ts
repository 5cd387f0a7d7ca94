import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BackupDeleteBody,
  BackupDownloadQuery,
  BackupListQuery,
  BackupListResult,
  BackupRunBody,
  BackupRunResult,
  BackupSettings,
  BackupSettingsResult,
} from '@waystation/shared/contract/backup';
import { api, fileApi } from '../../core/http';
import type { ModuleContext } from '../context';
import { backupDepsOf, deleteBackup, listBackups, openDownload, requestManualBackup } from './service';
import { saveSettings, settingsView } from './schedule';

/** 系统管理 › 数据备份: super admins only (the catalogue grants its permission to no other role). */
const BACKUP = 'system:backup';

export function backupRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db } = app.services;
  const deps = backupDepsOf(ctx.config, ctx.dbKind);

  api(app, {
    method: 'GET',
    url: '/api/backup/list',
    permission: BACKUP,
    summary: 'Backups (runs and archives), the target and the next scheduled time',
    query: BackupListQuery,
    data: BackupListResult,
    handler: ({ query, now }) => listBackups(db, deps, query, now),
  });
  api(app, {
    method: 'POST',
    url: '/api/backup/run',
    permission: BACKUP,
    summary: 'Take a manual backup now (one at a time)',
    body: BackupRunBody,
    data: BackupRunResult,
    handler: ({ actor, now }) => requestManualBackup(db, deps, ctx.jobs, actor, now),
  });
  fileApi(app, {
    url: '/api/backup/download',
    permission: BACKUP,
    summary: 'Download an archive (audited)',
    query: BackupDownloadQuery,
    handler: async ({ query, actor, now }) => ({ ...(await openDownload(db, deps, actor, query.name, now)), type: 'application/gzip', fileName: query.name }),
  });
  api(app, {
    method: 'POST',
    url: '/api/backup/delete',
    permission: BACKUP,
    summary: 'Delete an archive, or a failed run’s record (audited)',
    body: BackupDeleteBody,
    data: z.null(),
    handler: ({ body, actor, now }) => deleteBackup(db, deps, actor, body, now).then(() => null),
  });
  api(app, {
    method: 'GET',
    url: '/api/backup/settings',
    permission: BACKUP,
    summary: 'Schedule, retention and archiving settings',
    data: BackupSettingsResult,
    handler: () => settingsView(db),
  });
  api(app, {
    method: 'POST',
    url: '/api/backup/saveSettings',
    permission: BACKUP,
    summary: 'Save the schedule, retention and archiving settings (audited)',
    body: BackupSettings,
    data: z.null(),
    handler: ({ body, actor, now }) => saveSettings(db, actor, body, now).then(() => null),
  });
}
