import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GenerateUrlQuery, GenerateUrlsBody, UploadBase64Body, UploadResult, UploadTypeQuery } from '@waystation/shared/contract/warehouse';
import { api } from '../core/http';
import { invalid } from '../core/errors';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { uploadUsage } from '../db/schema';
import { businessDayStart } from './businessTime';
import { EXT_OF, type FileStorage, newUri, URI_PATTERN } from './storage';

/** Adds an upload to the member of staff's daily volume, or refuses it (40001) past the quota. One statement, no race. */
async function chargeQuota(db: Db, adminId: number, bytes: number, now: Date, quota: number): Promise<void> {
  const day = businessDayStart(now);
  const [row] = await db
    .insert(uploadUsage)
    .values({ adminId, day, bytes })
    .onConflictDoUpdate({
      target: [uploadUsage.adminId, uploadUsage.day],
      set: { bytes: sql`${uploadUsage.bytes} + ${bytes}` },
      setWhere: sql`${uploadUsage.bytes} + ${bytes} <= ${quota}`,
    })
    .returning({ bytes: uploadUsage.bytes });
  if (!row || row.bytes > quota) throw invalid('file', `今日上传量已达上限（${Math.round(quota / 1024 / 1024)} MB），请明天再试或联系管理员`);
}

const MAX_FILE = 50 * 1024 * 1024;
const MAX_BASE64_BODY = 15 * 1024 * 1024;
/** An image larger than this many pixels (e.g. 8000 × 5000) is refused before it is decoded further. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What one staff member may upload per business day (UPLOAD_DAILY_MB, default 1 GB). */
const dailyQuotaBytes = () => Number(process.env.UPLOAD_DAILY_MB ?? 1024) * 1024 * 1024;
const THUMB_PX = 320;

/**
 * An image decoded in full by sharp (libvips) and encoded again: whatever follows a valid header (a PNG header with
 * HTML behind it) does not survive, metadata such as GPS position is dropped, the orientation is applied. Refused
 * (40001) when it does not decode or is too large.
 */
export async function reencodeImage(data: Buffer, ext: string): Promise<{ data: Buffer; thumb: Buffer }> {
  try {
    const animated = ext === 'gif';
    const input = () => sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated });
    const img = input().rotate();
    const out = ext === 'jpg' ? img.jpeg({ quality: 90 }) : ext === 'png' ? img.png() : ext === 'webp' ? img.webp({ quality: 90 }) : img.gif();
    const thumb = await input().rotate().resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    return { data: await out.toBuffer(), thumb };
  } catch (err) {
    const message = String((err as Error).message ?? '');
    if (/pixel limit/i.test(message)) throw invalid('file', `图片像素过多（最多 ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} 像素）`);
    throw invalid('file', '图片已损坏或格式不正确，无法读取');
  }
}

/** Checks the bytes are what they claim to be (JPEG, PNG, WebP, GIF, MP4/MOV, WebM) and returns the extension. */
export function sniff(data: Buffer): string | null {
  const hex = data.subarray(0, 12).toString('hex');
  if (hex.startsWith('ffd8ff')) return 'jpg';
  if (hex.startsWith('89504e47')) return 'png';
  if (hex.startsWith('47494638')) return 'gif';
  if (hex.startsWith('52494646') && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (data.subarray(4, 8).toString('latin1') === 'ftyp') return data.subarray(8, 10).toString('latin1') === 'qt' ? 'mov' : 'mp4';
  if (hex.startsWith('1a45dfa3')) return 'webm';
  return null;
}

/** SPEC §7 upload calls: multipart image, base64 image, and URLs for stored URIs. Files go to the FileStorage. */
export function uploadRoutes(app: FastifyInstance, { storage }: { storage: FileStorage }): void {
  app.register(multipart, { limits: { fileSize: MAX_FILE, files: 1, fields: 5 } });
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/upload/imageForBase64') route.bodyLimit = MAX_BASE64_BODY;
  });
  const contentTypeOf = (ext: string) => Object.entries(EXT_OF).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream';
  const store = async (type: string, raw: Buffer, now: Date, adminId: number) => {
    const ext = sniff(raw);
    if (!ext) throw invalid('file', '只能上传图片（jpg、png、webp、gif）或视频（mp4、mov、webm）');
    const image = ['jpg', 'png', 'webp', 'gif'].includes(ext) ? await reencodeImage(raw, ext) : null;
    const data = image?.data ?? raw;
    await chargeQuota(app.services.db, adminId, data.length + (image?.thumb.length ?? 0), now, dailyQuotaBytes());
    const uri = newUri(type, ext, now);
    await storage.put(uri, data, contentTypeOf(ext));
    if (!image) return { fileUri: uri, fileUrl: storage.urlOf(uri) };
    const thumbUri = newUri(type, 'webp', now);
    await storage.put(thumbUri, image.thumb, 'image/webp');
    return { fileUri: uri, fileUrl: storage.urlOf(uri), thumbUri, thumbUrl: storage.urlOf(thumbUri) };
  };

  api(app, {
    method: 'POST',
    url: '/api/upload/image',
    permission: 'authenticated',
    summary: 'Upload one image or video (multipart field "file"); ?type= folder, default general',
    query: UploadTypeQuery,
    data: UploadResult,
    handler: async ({ query, req, now, caller }) => {
      if (!req.isMultipart()) throw invalid('file', '请使用 multipart/form-data 上传文件');
      const file = await req.file();
      if (!file) throw invalid('file', '请选择文件');
      const data = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', '文件不能超过 50 MB');
        throw err;
      });
      return store(query.type, data, now, caller.id);
    },
  });
  api(app, {
    method: 'POST',
    url: '/api/upload/imageForBase64',
    permission: 'authenticated',
    summary: 'Upload one image given as base64 (or a data URL)',
    body: UploadBase64Body,
    data: UploadResult,
    handler: ({ body, now, caller }) => store(body.type, Buffer.from(body.base64.replace(/^data:[^,]*,/, ''), 'base64'), now, caller.id),
  });
  api(app, {
    method: 'GET',
    url: '/api/upload/generateUrl',
    permission: 'authenticated',
    summary: 'URL of a stored file',
    query: GenerateUrlQuery,
    data: z.string(),
    handler: async ({ query }) => {
      if (!URI_PATTERN.test(query.uri)) throw invalid('uri', '文件地址无效');
      return storage.urlOf(query.uri);
    },
  });
  api(app, {
    method: 'POST',
    url: '/api/upload/generateUrls',
    permission: 'authenticated',
    summary: 'URLs of stored files',
    body: GenerateUrlsBody,
    data: z.array(UploadResult),
    handler: async ({ body }) => body.uris.filter((u) => URI_PATTERN.test(u)).map((u) => ({ fileUri: u, fileUrl: storage.urlOf(u) })),
  });
  // Public: <img> and <video> cannot send the token; URIs hold 128 random bits, so a URL is its own capability.
  app.get('/api/upload/file/*', { config: { permission: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const uri = (req.params as { '*': string })['*'];
    const file = await storage.get(uri);
    if (!file) return reply.status(404).send({ code: 40400, message: '文件不存在', data: null });
    return reply.type(file.contentType).header('Cache-Control', 'private, max-age=86400, immutable').send(file.data);
  });
}
