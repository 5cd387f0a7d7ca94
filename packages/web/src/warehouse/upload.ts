import type { z } from 'zod';
import type { UploadResult } from '@waystation/shared/contract/warehouse';
import { uploadImageCall } from '@waystation/shared/contract/upload';
import { ErrorCode } from '@waystation/shared/contract/common';
import { ApiError } from '../api/request';
import { sessionHeaders } from '../api/token';

/** uploadImageCall (POST, multipart, ?type=): one photo or video; resolves with its fileUri and fileUrl. */
export async function uploadFile(file: File | Blob, type = 'general', name = 'file'): Promise<z.infer<typeof UploadResult>> {
  const form = new FormData();
  form.append('file', file, (file as File).name ?? name);
  const res = await fetch(`${uploadImageCall.url}?type=${encodeURIComponent(type)}`, {
    method: 'POST',
    body: form,
    headers: sessionHeaders(),
  });
  const body = (await res.json().catch(() => null)) as { code: number; message: string; data: unknown } | null;
  if (!body || body.code !== ErrorCode.OK)
    throw new ApiError(body?.message ?? `Request failed with status code ${res.status}`, body?.code ?? null, body?.data, res.status);
  return uploadImageCall.data.parse(body.data);
}
