import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Settings } from '../config';
import { isS3NotFound, s3ClientOf } from './s3';

/** Where uploaded files live. Local disk under DATA_DIR by default; an S3-compatible store implements the same. */
export interface FileStorage {
  put(uri: string, data: Buffer, contentType: string): Promise<void>;
  get(uri: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** Deletes a stored file (gone already: nothing happens). */
  remove(uri: string): Promise<void>;
  /** A URL the browser (or the print driver) can fetch without a token. */
  urlOf(uri: string): string;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  pdf: 'application/pdf',
};
export const EXT_OF: Record<string, string> = Object.fromEntries(Object.entries(TYPES).map(([ext, type]) => [type, ext]));
export const contentTypeOf = (uri: string) => TYPES[path.extname(uri).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** URIs are `<type>/<yyyymm>/<128-bit random>.<ext>`: unguessable, so the public file URL is a capability. */
export const URI_PATTERN = /^[a-z][a-zA-Z0-9_-]{0,31}\/\d{6}\/[a-f0-9]{32}\.[a-z0-9]{2,4}$/;

export function newUri(type: string, ext: string, now: Date): string {
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${type}/${month}/${crypto.randomBytes(16).toString('hex')}.${ext}`;
}

export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(uri: string, data: Buffer): Promise<void> {
    if (!URI_PATTERN.test(uri)) throw new Error(`bad uri ${uri}`);
    const file = path.join(this.root, uri);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
  }

  async get(uri: string): Promise<{ data: Buffer; contentType: string } | null> {
    if (!URI_PATTERN.test(uri)) return null;
    try {
      return { data: await fs.readFile(path.join(this.root, uri)), contentType: contentTypeOf(uri) };
    } catch {
      return null;
    }
  }

  async remove(uri: string): Promise<void> {
    if (!URI_PATTERN.test(uri)) return;
    await fs.rm(path.join(this.root, uri), { force: true });
  }

  urlOf(uri: string): string {
    return `/api/upload/file/${uri}`;
  }
}

/**
 * Uploads in an S3-compatible bucket (UPLOAD_S3_*), so every server of several sees the same files. The browser still
 * fetches them from this server's /api/upload/file route, which reads the object: the bucket needs no public access.
 */
export class S3FileStorage implements FileStorage {
  private readonly s3;
  constructor(private readonly s: S3Settings) {
    this.s3 = s3ClientOf(s);
  }

  async put(uri: string, data: Buffer, contentType: string): Promise<void> {
    if (!URI_PATTERN.test(uri)) throw new Error(`bad uri ${uri}`);
    const { client, sdk } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.s.bucket, Key: `${this.s.prefix}${uri}`, Body: data, ContentLength: data.length, ContentType: contentType }),
    );
  }

  async get(uri: string): Promise<{ data: Buffer; contentType: string } | null> {
    if (!URI_PATTERN.test(uri)) return null;
    const { client, sdk } = await this.s3();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.s.bucket, Key: `${this.s.prefix}${uri}` }));
      return { data: Buffer.from(await out.Body!.transformToByteArray()), contentType: contentTypeOf(uri) };
    } catch (err) {
      if (isS3NotFound(err)) return null;
      throw err;
    }
  }

  async remove(uri: string): Promise<void> {
    if (!URI_PATTERN.test(uri)) return;
    const { client, sdk } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.s.bucket, Key: `${this.s.prefix}${uri}` }));
  }

  urlOf(uri: string): string {
    return `/api/upload/file/${uri}`;
  }
}

/** The configured store: the UPLOAD_S3_* bucket, else the local disk under DATA_DIR/uploads. */
export const storageOf = (config: { dataDir: string; uploadS3?: S3Settings | null }): FileStorage =>
  config.uploadS3 ? new S3FileStorage(config.uploadS3) : new LocalStorage(path.join(config.dataDir, 'uploads'));
