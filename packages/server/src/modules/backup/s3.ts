import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { BACKUP_FILE_NAME } from '@waystation/shared/contract/backup';
import type { S3Settings } from '../../config';
import { isS3NotFound, s3ClientOf } from '../../platform/s3';
import type { BackupStorage, StoredBackup } from './storage';

/** Archives in an S3-compatible bucket (platform/s3.ts says why its endpoint is trusted as configured). */
export function s3Storage(s: S3Settings, stagingDir: () => string): BackupStorage {
  const s3 = s3ClientOf(s, { requestTimeoutMs: 10 * 60_000 });
  const key = (name: string) => `${s.prefix}${name}`;
  return {
    kind: 's3',
    where: `s3://${s.bucket}/${s.prefix}`,
    stagingDir,
    async put(name, file) {
      try {
        const { client, sdk } = await s3();
        const bytes = fs.statSync(file).size;
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: s.bucket,
            Key: key(name),
            Body: fs.createReadStream(file),
            ContentLength: bytes,
            ContentType: 'application/gzip',
          }),
        );
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
    async get(name) {
      const { client, sdk } = await s3();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: s.bucket, Key: key(name) }));
        return { stream: out.Body as Readable, bytes: out.ContentLength ?? 0 };
      } catch (err) {
        if (isS3NotFound(err)) return null;
        throw err;
      }
    },
    async list() {
      const { client, sdk } = await s3();
      const found: StoredBackup[] = [];
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: s.bucket, Prefix: s.prefix })) {
        for (const o of page.Contents ?? []) {
          const name = (o.Key ?? '').slice(s.prefix.length);
          if (BACKUP_FILE_NAME.test(name)) found.push({ name, bytes: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
        }
      }
      return found;
    },
    async delete(name) {
      const { client, sdk } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s.bucket, Key: key(name) }));
    },
  };
}
