import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GenerateUrlQuery, GenerateUrlsBody, UploadBase64Body, UploadResult, UploadTypeQuery } from '@waystation/shared/contract/warehouse';
import { api } from '../../core/http';
import { invalid } from '../../core/errors';
import { EXT_OF, type FileStorage, newUri, URI_PATTERN } from './storage';

const MAX_FILE = 50 * 1024 * 1024;
const MAX_BASE64_BODY = 15 * 1024 * 1024;

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
export function uploadRoutes(app: FastifyInstance, storage: FileStorage): void {
  app.register(multipart, { limits: { fileSize: MAX_FILE, files: 1, fields: 5 } });
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/upload/imageForBase64') route.bodyLimit = MAX_BASE64_BODY;
  });
  const store = async (type: string, data: Buffer, now: Date) => {
    const ext = sniff(data);
    if (!ext) throw invalid('file', '只能上传图片（jpg、png、webp、gif）或视频（mp4、mov、webm）');
    const uri = newUri(type, ext, now);
    await storage.put(uri, data, Object.entries(EXT_OF).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream');
    return { fileUri: uri, fileUrl: storage.urlOf(uri) };
  };

  api(app, {
    method: 'POST', url: '/api/upload/image', permission: 'authenticated', summary: 'Upload one image or video (multipart field "file"); ?type= folder, default general',
    query: UploadTypeQuery, data: UploadResult,
    handler: async ({ query, req, now }) => {
      if (!req.isMultipart()) throw invalid('file', '请使用 multipart/form-data 上传文件');
      const file = await req.file();
      if (!file) throw invalid('file', '请选择文件');
      const data = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('file', '文件不能超过 50 MB');
        throw err;
      });
      return store(query.type, data, now);
    },
  });
  api(app, {
    method: 'POST', url: '/api/upload/imageForBase64', permission: 'authenticated', summary: 'Upload one image given as base64 (or a data URL)',
    body: UploadBase64Body, data: UploadResult,
    handler: ({ body, now }) => store(body.type, Buffer.from(body.base64.replace(/^data:[^,]*,/, ''), 'base64'), now),
  });
  api(app, {
    method: 'GET', url: '/api/upload/generateUrl', permission: 'authenticated', summary: 'URL of a stored file',
    query: GenerateUrlQuery, data: z.string(),
    handler: async ({ query }) => {
      if (!URI_PATTERN.test(query.uri)) throw invalid('uri', '文件地址无效');
      return storage.urlOf(query.uri);
    },
  });
  api(app, {
    method: 'POST', url: '/api/upload/generateUrls', permission: 'authenticated', summary: 'URLs of stored files',
    body: GenerateUrlsBody, data: z.array(UploadResult),
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
