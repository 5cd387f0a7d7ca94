import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadGenerateUrlCall, uploadGenerateUrlsCall, uploadImageCall, uploadImageForBase64Call } from '@waystation/shared/contract/upload';
import { api } from '../core/http';
import { invalid } from '../core/errors';
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
  const { default: sharp } = await import('sharp');
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

/**
 * Whether the bytes are a whole ISO base media file (MP4, MOV): a chain of top-level boxes (size, four-letter type) that
 * ends exactly at the end of the file, starting with ftyp and holding a moov (the movie's description). A file with only
 * the right first bytes, cut short, or with something else appended is not one.
 */
export function isIsoMediaFile(data: Buffer): boolean {
  let at = 0;
  let first = true;
  let moov = false;
  while (at < data.length) {
    if (data.length - at < 8) return false;
    let size = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8);
    if (!type.every((b) => b >= 0x20 && b <= 0x7e)) return false;
    if (first && type.toString('latin1') !== 'ftyp') return false;
    let header = 8;
    if (size === 1) {
      if (data.length - at < 16) return false;
      const large = data.readBigUInt64BE(at + 8);
      if (large > BigInt(data.length - at)) return false;
      size = Number(large);
      header = 16;
    } else if (size === 0) size = data.length - at; // the last box runs to the end of the file
    if (size < header || size > data.length - at) return false;
    if (type.toString('latin1') === 'moov') moov = true;
    first = false;
    at += size;
  }
  return moov && at === data.length;
}

/** An EBML variable-length integer at `at`: its length in bytes and value (null for "unknown size", all ones). */
function ebmlVint(data: Buffer, at: number, keepMarker: boolean): { len: number; value: number | null } | null {
  const b = data[at];
  if (b === undefined || b === 0) return null;
  const len = Math.clz32(b) - 23; // 1 for 1xxxxxxx … 8 for 00000001
  if (len > 8 || at + len > data.length) return null;
  let value = keepMarker ? b : b & (0xff >> len);
  let allOnes = (b & (0xff >> len)) === 0xff >> len;
  for (let i = 1; i < len; i++) {
    value = value * 256 + data[at + i]!;
    if (data[at + i] !== 0xff) allOnes = false;
  }
  return { len, value: !keepMarker && allOnes ? null : value };
}

/**
 * Whether the bytes are a WebM file: an EBML header whose DocType is "webm", then a Segment whose children (the
 * segment's information, its tracks, clusters…) are well-formed elements within it. A recording's live segment and
 * clusters may have an unknown size: the walk then trusts the rest.
 */
export function isWebmFile(data: Buffer): boolean {
  const element = (at: number) => {
    const id = ebmlVint(data, at, true);
    if (!id || id.len > 4) return null;
    const size = ebmlVint(data, at + id.len, false);
    if (!size) return null;
    const body = at + id.len + size.len;
    if (size.value !== null && body + size.value > data.length) return null;
    return { id: id.value!, body, end: size.value === null ? null : body + size.value };
  };
  const head = element(0);
  if (!head || head.id !== 0x1a45dfa3 || head.end === null) return false;
  let docType = '';
  for (let at = head.body; at < head.end; ) {
    const e = element(at);
    if (!e || e.end === null || e.end > head.end) return false;
    if (e.id === 0x4282) docType = data.subarray(e.body, e.end).toString('latin1').replace(/\0+$/, '');
    at = e.end;
  }
  if (docType !== 'webm') return false;
  const segment = element(head.end);
  if (!segment || segment.id !== 0x18538067) return false;
  const segmentEnd = segment.end ?? data.length;
  if (segment.end !== null && segment.end !== data.length) return false;
  let tracks = false;
  for (let at = segment.body; at < segmentEnd; ) {
    const e = element(at);
    if (!e || (e.end !== null && e.end > segmentEnd)) return false;
    if (e.id === 0x1654ae6b) tracks = true;
    if (e.end === null) return tracks; // an unknown-size cluster: a recording still being written when it was sent
    at = e.end;
  }
  return tracks;
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
    // A video is stored as sent: it must be the container its first bytes claim, whole (issue #28).
    if ((ext === 'mp4' || ext === 'mov') && !isIsoMediaFile(raw)) throw invalid('file', '视频文件已损坏或格式不正确（不是完整的 MP4/MOV 文件）');
    if (ext === 'webm' && !isWebmFile(raw)) throw invalid('file', '视频文件已损坏或格式不正确（不是完整的 WebM 文件）');
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

  api(app, uploadImageCall, {
    permission: 'authenticated',
    summary: 'Upload one image or video (multipart field "file"); ?type= folder, default general',
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
  api(app, uploadImageForBase64Call, {
    permission: 'authenticated',
    summary: 'Upload one image given as base64 (or a data URL)',
    handler: ({ body, now, caller }) => store(body.type, Buffer.from(body.base64.replace(/^data:[^,]*,/, ''), 'base64'), now, caller.id),
  });
  api(app, uploadGenerateUrlCall, {
    permission: 'authenticated',
    summary: 'URL of a stored file',
    handler: async ({ query }) => {
      if (!URI_PATTERN.test(query.uri)) throw invalid('uri', '文件地址无效');
      return storage.urlOf(query.uri);
    },
  });
  api(app, uploadGenerateUrlsCall, {
    permission: 'authenticated',
    summary: 'URLs of stored files',
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
