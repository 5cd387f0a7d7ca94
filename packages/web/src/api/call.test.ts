import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@waystation/shared/contract/call';

// Whichever way the session travels (a header or its cookie), the call adds only what it declares.
vi.mock('./token', () => ({ getToken: () => undefined, removeToken: vi.fn(), sessionHeaders: () => ({}), forgetSession: vi.fn() }));
vi.mock('./feedback', () => ({ toast: vi.fn(), confirm: vi.fn() }));
vi.mock('../shell/errorLog/store', () => ({ addErrorLog: vi.fn() }));
vi.mock('../i18n', () => ({ acceptLanguage: () => 'zh', useLang: { getState: () => ({ lang: 'zh' }) } }));

const { call, ApiError } = await import('./request');

const list = defineCall({
  method: 'GET',
  url: '/api/demo/pageList',
  query: z.strictObject({ page: z.number(), name: z.string().optional() }),
  data: z.object({ total: z.number() }),
});
const save = defineCall({ method: 'POST', url: '/api/demo/save', body: z.strictObject({ id: z.number() }), data: z.null() });

function answer(body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('sends a GET its input as the query string and answers the parsed data', async () => {
    const fetch = answer({ code: 20000, message: 'success', data: { total: 3 } });
    await expect(call(list, { page: 2, name: '' })).resolves.toEqual({ total: 3 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/demo/pageList?page=2');
    expect(init).toMatchObject({ method: 'GET', body: undefined });
  });

  it('sends a POST its input as the JSON body, with the options given (a verify ticket)', async () => {
    const fetch = answer({ code: 20000, message: 'success', data: null });
    await expect(call(save, { id: 7 }, { headers: { 'X-Verify-Ticket': 't1' } })).resolves.toBeNull();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/demo/save');
    expect(init).toMatchObject({ method: 'POST', body: '{"id":7}' });
    expect((init as RequestInit).headers).toMatchObject({ 'X-Verify-Ticket': 't1' });
  });

  it('rejects with the envelope code as request() does', async () => {
    answer({ code: 40001, message: 'bad', data: null });
    await expect(call(save, { id: 1 }, { silent: true })).rejects.toBeInstanceOf(ApiError);
  });
});
