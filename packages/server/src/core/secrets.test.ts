import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentKey, openOr, SEALED_BY_ANOTHER_KEY, secretBoxFor } from './secrets';

describe('secrets sealed at rest', () => {
  it('seals to text that does not contain the secret, and opens it again', () => {
    const box = secretBoxFor({ secretKey: 'k1', dataDir: '/nonexistent' });
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^enc:v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses to open with another key, and passes values from before sealing through', () => {
    const sealed = secretBoxFor({ secretKey: 'k1', dataDir: '/nonexistent' }).seal('s3cret');
    const other = secretBoxFor({ secretKey: 'k2', dataDir: '/nonexistent' });
    // A clear refusal (40900 and what to do), never a server error.
    expect(() => other.open(sealed)).toThrow(expect.objectContaining({ code: 40900, message: SEALED_BY_ANOTHER_KEY }));
    expect(openOr(other, sealed, null)).toBeNull();
    expect(other.open('LEGACYPLAINSECRET')).toBe('LEGACYPLAINSECRET');
  });

  it('names a key by an id that does not reveal it, without creating a key to name', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-secret-'));
    try {
      expect(currentKey({ dataDir: dir })).toBeNull();
      expect(fs.readdirSync(dir)).toEqual([]);
      const box = secretBoxFor({ dataDir: dir });
      const key = fs.readFileSync(path.join(dir, 'secret.key'), 'utf8');
      expect(currentKey({ dataDir: dir })).toEqual({ id: box.keyId, from: path.join(dir, 'secret.key') });
      expect(box.keyId).toMatch(/^[0-9a-f]{16}$/);
      expect(key).not.toContain(box.keyId);
      expect(currentKey({ secretKey: 'k1', dataDir: dir })).toEqual({ id: secretBoxFor({ secretKey: 'k1', dataDir: dir }).keyId, from: 'SECRET_KEY' });
      expect(currentKey({ secretKey: 'k1', dataDir: dir })!.id).not.toBe(box.keyId);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without SECRET_KEY keeps one random key in the data directory, readable by its owner only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-secret-'));
    try {
      const sealed = secretBoxFor({ dataDir: dir }).seal('abc');
      const file = path.join(dir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      expect(secretBoxFor({ dataDir: dir }).open(sealed)).toBe('abc');
      expect(fs.readdirSync(dir)).toEqual(['secret.key']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
