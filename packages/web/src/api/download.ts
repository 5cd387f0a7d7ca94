import type { Download } from '@waystation/shared/contract/call';
import { ApiError } from './request';
import { sessionHeaders } from './token';
import { toast } from './feedback';

/**
 * Downloads a file the API streams (its declaration, `defineDownload`) (Excel exports, backup archives) with the session token in its header, and saves
 * it under `fileName`. A refusal comes back as the envelope: its message is shown like any other call's.
 */
export async function downloadFile(file: Download, params: Record<string, unknown>, fileName: string, expectType: string): Promise<void> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.append(k, String(v));
  const res = await fetch(`${file.url}?${q}`, { headers: sessionHeaders() });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes(expectType)) {
    const body = (await res.json().catch(() => null)) as { code?: number; message?: string } | null;
    const text = body?.message || `Request failed with status code ${res.status}`;
    toast('error', text, 5);
    throw new ApiError(text, body?.code ?? null);
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
