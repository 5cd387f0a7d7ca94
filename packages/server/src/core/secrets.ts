import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encryption at rest for secrets the server must read back (authenticator seeds): AES-256-GCM under a key that is
 * not in the database, so a copy of the database alone does not reveal them. The key is SECRET_KEY when set (every
 * server sharing one PostgreSQL must have the same one), else a random key kept in DATA_DIR/secret.key.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Plain text of a sealed value; a value stored before sealing existed is returned as it is. */
  open(stored: string): string;
}

const PREFIX = 'enc:v1:';
const KEY_FILE = 'secret.key';

export function secretBoxFor(config: { secretKey?: string; dataDir: string }): SecretBox {
  const key = config.secretKey ? crypto.createHash('sha256').update(config.secretKey).digest() : keyFromFile(config.dataDir);
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      try {
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new Error('A stored secret cannot be decrypted: SECRET_KEY (or DATA_DIR/secret.key) differs from the one it was sealed with');
      }
    },
  };
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
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
  return key;
}
