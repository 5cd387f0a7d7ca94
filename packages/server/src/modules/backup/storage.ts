import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BACKUP_FILE_NAME } from '@waystation/shared/contract/backup';
import type { AppConfig } from '../../config';
import { s3Storage } from './s3';

/** An archive kept in the backup target. */
export interface StoredBackup {
  name: string;
  bytes: number;
  modifiedAt: Date;
}

/**
 * Where archives are kept: a folder or an S3-compatible bucket, chosen by configuration. Names are bare file names
 * matching BACKUP_FILE_NAME; an archive is put once it is complete, so a listing never shows a half-written one.
 */
export interface BackupStorage {
  kind: 'folder' | 's3';
  /** For people: the folder's path, or s3://bucket/prefix. */
  where: string;
  /** A local folder the archive is written to before it is put (on the folder's own disk, so putting is a rename). */
  stagingDir(): string;
  /** Stores the finished local file under `name` (the local file is gone afterwards). */
  put(name: string, file: string): Promise<void>;
  /** The archive's bytes; null when there is no such archive. */
  get(name: string): Promise<{ stream: Readable; bytes: number } | null>;
  list(): Promise<StoredBackup[]>;
  /** Removes the archive; removing one that is not there is not an error. */
  delete(name: string): Promise<void>;
}

export function assertBackupName(name: string): void {
  if (!BACKUP_FILE_NAME.test(name)) throw new Error(`not a backup file name: ${name}`);
}

/** Archives as files in one folder (BACKUP_DIR, else DATA_DIR/backups). */
export function folderStorage(dir: string): BackupStorage {
  const staging = path.join(dir, '.staging');
  return {
    kind: 'folder',
    where: dir,
    stagingDir() {
      fs.mkdirSync(staging, { recursive: true });
      return staging;
    },
    async put(name, file) {
      assertBackupName(name);
      fs.mkdirSync(dir, { recursive: true });
      try {
        fs.renameSync(file, path.join(dir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // Another disk: copy beside the target under a hidden name, then rename, so the name appears only when complete.
        const part = path.join(dir, `.${name}.part`);
        fs.copyFileSync(file, part);
        fs.renameSync(part, path.join(dir, name));
        fs.rmSync(file, { force: true });
      }
    },
    async get(name) {
      assertBackupName(name);
      const file = path.join(dir, name);
      if (!fs.existsSync(file)) return null;
      return { stream: fs.createReadStream(file), bytes: fs.statSync(file).size };
    },
    async list() {
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile() && BACKUP_FILE_NAME.test(e.name))
        .map((e) => {
          const st = fs.statSync(path.join(dir, e.name));
          return { name: e.name, bytes: st.size, modifiedAt: st.mtime };
        });
    },
    async delete(name) {
      assertBackupName(name);
      fs.rmSync(path.join(dir, name), { force: true });
    },
  };
}

/** Where backups go when the target is the folder: BACKUP_DIR, else DATA_DIR/backups. */
export const backupDirOf = (config: Pick<AppConfig, 'dataDir' | 'backupDir'>) => config.backupDir ?? path.join(config.dataDir, 'backups');

/** The configured target: the S3-compatible bucket when BACKUP_S3_BUCKET is set, else the backups folder. */
export function backupStorageOf(config: Pick<AppConfig, 'dataDir' | 'backupDir' | 'backupS3'>): BackupStorage {
  if (!config.backupS3) return folderStorage(backupDirOf(config));
  return s3Storage(config.backupS3, () => {
    const dir = path.join(os.tmpdir(), 'waystation-backup-staging');
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  });
}
