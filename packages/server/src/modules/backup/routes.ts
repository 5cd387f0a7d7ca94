import type { FastifyInstance } from 'fastify';
import {
  backupListCall,
  backupRunCall,
  backupDownloadFile,
  backupDeleteCall,
  backupSettingsCall,
  backupSaveSettingsCall,
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

  api(app, backupListCall, {
    permission: BACKUP,
    summary: 'Backups (runs and archives), the target and the next scheduled time',
    handler: ({ query, now }) => listBackups(db, deps, query, now),
  });
  api(app, backupRunCall, {
    permission: BACKUP,
    summary: 'Take a manual backup now (one at a time)',
    handler: ({ actor, now }) => requestManualBackup(db, deps, ctx.jobs, actor, now),
  });
  fileApi(app, backupDownloadFile, {
    permission: BACKUP,
    summary: 'Download an archive (audited)',
    handler: async ({ query, actor, now }) => ({ ...(await openDownload(db, deps, actor, query.name, now)), type: 'application/gzip', fileName: query.name }),
  });
  api(app, backupDeleteCall, {
    permission: BACKUP,
    summary: 'Delete an archive, or a failed run’s record (audited)',
    handler: ({ body, actor, now }) => deleteBackup(db, deps, actor, body, now).then(() => null),
  });
  api(app, backupSettingsCall, {
    permission: BACKUP,
    summary: 'Schedule, retention and archiving settings',
    handler: () => settingsView(db),
  });
  api(app, backupSaveSettingsCall, {
    permission: BACKUP,
    summary: 'Save the schedule, retention and archiving settings (audited)',
    handler: ({ body, actor, now }) => saveSettings(db, actor, body, now).then(() => null),
  });
}
