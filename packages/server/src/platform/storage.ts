import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk under DATA_DIR by default; an S3-compatible store implements the same. */
export interface FileStorage {
  put(uri: string, data: Buffer, contentType: string): Promise<void>;
  get(uri: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** A URL the browser (or the print driver) can fetch without a token. */
  urlOf(uri: string): string;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif',
  mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', pdf: 'application/pdf',
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

  urlOf(uri: string): string {
    return `/api/upload/file/${uri}`;
  }
}

/** The configured store (local disk under DATA_DIR/uploads). */
export const storageOf = (config: { dataDir: string }): FileStorage => new LocalStorage(path.join(config.dataDir, 'uploads'));
