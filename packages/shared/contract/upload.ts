import { z } from 'zod';
import { defineCall } from './call';
import { GenerateUrlQuery, GenerateUrlsBody, UploadBase64Body, UploadResult, UploadTypeQuery } from './warehouse';

// The upload calls (issue #29, SPEC §7; their schemas in contract/warehouse.ts): each declared once, registered by the
// server's platform/upload.ts, made by the web. The files themselves are served by GET /api/upload/file/* (public).

/** One image or video as multipart/form-data (field "file"); ?type= is its folder. */
export const uploadImageCall = defineCall({ method: 'POST', url: '/api/upload/image', query: UploadTypeQuery, data: UploadResult });
export const uploadImageForBase64Call = defineCall({ method: 'POST', url: '/api/upload/imageForBase64', body: UploadBase64Body, data: UploadResult });
export const uploadGenerateUrlCall = defineCall({ method: 'GET', url: '/api/upload/generateUrl', query: GenerateUrlQuery, data: z.string() });
export const uploadGenerateUrlsCall = defineCall({ method: 'POST', url: '/api/upload/generateUrls', body: GenerateUrlsBody, data: z.array(UploadResult) });
