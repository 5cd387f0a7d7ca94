import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/server';
import { multipartBody } from '../testing/factories/goods-in';

/** Issue 12.9: every image is decoded in full and stored re-encoded, with a thumbnail; size, pixels and volume are bounded. */
let t: TestApp;
let wh: string;
beforeAll(async () => {
  t = await createTestApp();
  wh = await t.login('warehouse1', DEMO_PASSWORD);
});
afterAll(() => {
  delete process.env.UPLOAD_DAILY_MB;
  return t.close();
});

const upload = async (data: Buffer, type = 'image/png', token = wh) => {
  const { payload, headers } = multipartBody('file', 'x', type, data);
  return (await t.app.inject({ method: 'POST', url: '/api/upload/image?type=qc', payload, headers: { ...headers, 'x-token': token } })).json() as {
    code: number;
    message: string;
    data: { fileUri: string; thumbUri?: string };
  };
};
const fetchFile = async (uri: string) => (await t.app.inject({ method: 'GET', url: `/api/upload/file/${uri}` })).rawPayload;

describe('uploads', () => {
  it('refuses a PNG header followed by HTML', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.from('<html><script>alert(1)</script></html>')]);
    const r = await upload(fake);
    expect(r.code).toBe(40001);
    expect(r.message).toContain('图片已损坏或格式不正确，无法读取');
  });

  it('stores a re-encoded copy without metadata (GPS), and a thumbnail for the lists', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Warehouse' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await upload(photo, 'image/jpeg');
    expect(r.code).toBe(20000);
    const stored = await fetchFile(r.data.fileUri);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1200, 800, undefined]);
    const thumb = await sharp(await fetchFile(r.data.thumbUri!)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 213]);
  });

  it('refuses an image with too many pixels, and uploads past the daily volume', async () => {
    const bomb = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const big = await upload(bomb);
    expect(big.code).toBe(40001);
    expect(big.message).toContain('图片像素过多');
    process.env.UPLOAD_DAILY_MB = '0';
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const over = await upload(small, 'image/png', await t.login('warehouse2', DEMO_PASSWORD));
    expect(over.code).toBe(40001);
    expect(over.message).toContain('今日上传量已达上限');
    delete process.env.UPLOAD_DAILY_MB;
  });
});
