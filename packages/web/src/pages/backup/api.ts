import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BackupDeleteBody,
  type BackupListQuery,
  type BackupSettings,
  backupListCall,
  backupSettingsCall,
  backupRunCall,
  backupDeleteCall,
  backupSaveSettingsCall,
  backupDownloadFile,
} from '@waystation/shared/contract/backup';
import { call } from '../../api/request';
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
    queryFn: () => call(backupListCall, q),
    placeholderData: (p) => p,
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });

export const useBackupSettings = () => useQuery({ queryKey: backupKeys.settings, queryFn: () => call(backupSettingsCall) });

export function useRunBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(backupRunCall, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useDeleteBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupDeleteBody) => call(backupDeleteCall, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useSaveBackupSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupSettings) => call(backupSaveSettingsCall, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/** Streams the archive to the browser (an audited download on the server). */
export const downloadBackup = (name: string) => downloadFile(backupDownloadFile, { name }, name, 'gzip');
