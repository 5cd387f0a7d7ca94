import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretBoxFor } from './secrets';

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
    expect(() => other.open(sealed)).toThrow(/cannot be decrypted/);
    expect(other.open('LEGACYPLAINSECRET')).toBe('LEGACYPLAINSECRET');
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
