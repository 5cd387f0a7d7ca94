import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { BACKUP_FILE_NAME } from '@waystation/shared/contract/backup';
import type { S3Settings } from '../../config';
import type { BackupStorage, StoredBackup } from './storage';

/**
 * Archives in an S3-compatible bucket, through AWS's own client. The endpoint comes from the server's environment, set
 * by whoever runs it (like DATABASE_URL), never from the screen: it is trusted as configured and not put through the
 * outbound allow-list (core/outbound.ts), which guards destinations that staff type in (webhooks, bot APIs) — a MinIO
 * on the internal network is the usual case here.
 */
export function s3Storage(s: S3Settings, stagingDir: () => string): BackupStorage {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    // MinIO-like stores answer on one host with the bucket in the path; AWS itself uses bucket host names.
    forcePathStyle: !!s.endpoint,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Checksums only where the API requires them: several S3-compatible stores refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 10 * 60_000 },
  });
  const key = (name: string) => `${s.prefix}${name}`;
  const notFound = (err: unknown) => err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
  return {
    kind: 's3',
    where: `s3://${s.bucket}/${s.prefix}`,
    stagingDir,
    async put(name, file) {
      try {
        const bytes = fs.statSync(file).size;
        await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: key(name), Body: fs.createReadStream(file), ContentLength: bytes, ContentType: 'application/gzip' }));
      } finally {
        fs.rmSync(file, { force: true });
      }
    },
    async get(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key(name) }));
        return { stream: out.Body as Readable, bytes: out.ContentLength ?? 0 };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async list() {
      const found: StoredBackup[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: s.bucket, Prefix: s.prefix })) {
        for (const o of page.Contents ?? []) {
          const name = (o.Key ?? '').slice(s.prefix.length);
          if (BACKUP_FILE_NAME.test(name)) found.push({ name, bytes: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) });
        }
      }
      return found;
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key(name) }));
    },
  };
}
