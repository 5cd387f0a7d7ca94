import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@waystation/shared/contract/common';
import { AppError } from './errors';

/**
 * Encryption at rest for secrets the server must read back (authenticator seeds): AES-256-GCM under a key that is
 * not in the database, so a copy of the database alone does not reveal them. The key is SECRET_KEY when set (every
 * server sharing one PostgreSQL must have the same one), else a random key kept in DATA_DIR/secret.key.
 */
export interface SecretBox {
  /** The key's public id (keyIdOf): backups name the key their sealed values need. */
  readonly keyId: string;
  seal(plain: string): string;
  /**
   * Plain text of a sealed value; a value stored before sealing existed is returned as it is. A value sealed under
   * another key is refused with SEALED_BY_ANOTHER_KEY (40900), never a server error.
   */
  open(stored: string): string;
}

const PREFIX = 'enc:v1:';
export const KEY_FILE = 'secret.key';

export const SEALED_BY_ANOTHER_KEY =
  '已保存的加密信息无法解密：服务器的密钥（SECRET_KEY 或 DATA_DIR/secret.key）与加密时的不同。请换回原来的密钥，或重新填写这一项';

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** A short id of a key that does not reveal it: the same key always gives the same id. */
export const keyIdOf = (key: Buffer) => crypto.createHmac('sha256', key).update('waystation secret key id').digest('hex').slice(0, 16);

const keyOfSecret = (secretKey: string) => crypto.createHash('sha256').update(secretKey).digest();

export function secretBoxFor(config: { secretKey?: string; dataDir: string }): SecretBox {
  const key = config.secretKey ? keyOfSecret(config.secretKey) : keyFromFile(config.dataDir);
  return {
    keyId: keyIdOf(key),
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new AppError(ErrorCode.CONFLICT, SEALED_BY_ANOTHER_KEY, { reason: 'sealedByAnotherKey', keyId: keyIdOf(key) });
      }
    },
  };
}

/** The plain text, or `fallback` when the value was sealed under another key (a list that must still show). */
export function openOr<T>(box: SecretBox, stored: string, fallback: T): string | T {
  try {
    return box.open(stored);
  } catch (err) {
    if (err instanceof AppError) return fallback;
    throw err;
  }
}

/**
 * The key this configuration seals with and where it comes from, without creating one: null when there is no
 * SECRET_KEY and no DATA_DIR/secret.key yet.
 */
export function currentKey(config: { secretKey?: string; dataDir: string }): { id: string; from: string } | null {
  if (config.secretKey) return { id: keyIdOf(keyOfSecret(config.secretKey)), from: 'SECRET_KEY' };
  const file = path.join(config.dataDir, KEY_FILE);
  return fs.existsSync(file) ? { id: keyIdOf(readKeyFile(file)), from: file } : null;
}

/** A secret.key file's key (64 hex digits); refused with the file's name when it holds anything else. */
export function readKeyFile(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
  return key;
}

/** Writes `key` as DATA_DIR/secret.key, readable by its owner only. */
export function writeKeyFile(dataDir: string, key: Buffer): string {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: of two servers starting at once, one key wins whole.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.unlinkSync(tmp);
    }
  }
  return readKeyFile(file);
}
