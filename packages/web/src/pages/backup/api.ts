import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BackupListResult,
  BackupRunResult,
  BackupSettingsResult,
  type BackupDeleteBody,
  type BackupListQuery,
  type BackupSettings,
} from '@waystation/shared/contract/backup';
import { request } from '../../api/request';
import { downloadFile } from '../../api/download';

/** Query keys of the backups screen. */
export const backupKeys = {
  all: ['backup'] as const,
  list: (q: BackupListQuery) => ['backup', 'list', q] as const,
  settings: ['backup', 'settings'] as const,
};

/** The backups; polled every 2 s while one is running, so the row turns ok (or failed) by itself. */
export const useBackups = (q: BackupListQuery) =>
  useQuery({
    queryKey: backupKeys.list(q),
    queryFn: () => request('/api/backup/list', { params: q, schema: BackupListResult }),
    placeholderData: (p) => p,
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });

export const useBackupSettings = () =>
  useQuery({ queryKey: backupKeys.settings, queryFn: () => request('/api/backup/settings', { schema: BackupSettingsResult }) });

export function useRunBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request('/api/backup/run', { method: 'POST', body: {}, schema: BackupRunResult }),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useDeleteBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupDeleteBody) => request('/api/backup/delete', { method: 'POST', body, schema: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useSaveBackupSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupSettings) => request('/api/backup/saveSettings', { method: 'POST', body, schema: z.null() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/** Streams the archive to the browser (an audited download on the server). */
export const downloadBackup = (name: string) => downloadFile('/api/backup/download', { name }, name, 'gzip');
