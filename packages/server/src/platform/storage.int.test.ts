import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Settings } from '../config';
import { TINY_PNG } from '../testing/factories/goods-in';
import { startS3StandIn, type S3StandIn } from '../testing/s3-standin';
import { createTestApp, type TestApp } from '../testing/server';

/**
 * Issue 16.7: uploads go through the storage interface, so an S3-compatible bucket (UPLOAD_S3_*) replaces the local
 * folder by configuration and a second server serves what the first stored. Against a local S3-speaking stand-in.
 */
let s3: S3StandIn;
let work: string;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ws-upload-s3-'));
  s3 = await startS3StandIn({ bucket: 'ws-uploads', accessKeyId: 'AKIDTEST' });
  const uploadS3: S3Settings = {
    bucket: 'ws-uploads',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'test-secret',
    prefix: 'files/',
  };
  first = await createTestApp({ dataDir: path.join(work, 'one'), uploadS3 });
  second = await createTestApp({ dataDir: path.join(work, 'two'), uploadS3 });
}, 60_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('uploads in an S3-compatible bucket', () => {
  it('stores the re-encoded image and its thumbnail in the bucket, not on disk; another server serves the same bytes', async () => {
    const token = await first.login();
    const up = await first.call<{ fileUri: string; fileUrl: string; thumbUri: string }>('POST', '/api/upload/imageForBase64', {
      token,
      body: { base64: `data:image/png;base64,${TINY_PNG.toString('base64')}` },
    });
    expect(up.code).toBe(20000);
    expect([...s3.objects.keys()].sort()).toEqual([`files/${up.data.fileUri}`, `files/${up.data.thumbUri}`].sort());
    expect(fs.existsSync(path.join(work, 'one', 'uploads'))).toBe(false);

    const stored = s3.objects.get(`files/${up.data.fileUri}`)!.body;
    const served = await second.app.inject({ method: 'GET', url: up.data.fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.from(served.rawPayload).equals(stored)).toBe(true);

    const missing = await second.app.inject({ method: 'GET', url: up.data.fileUrl.replace(/[a-f0-9]{32}/, '0'.repeat(32)) });
    expect(missing.statusCode).toBe(404);
  });
});
