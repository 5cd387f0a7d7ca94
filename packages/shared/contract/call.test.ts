import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type CallData, type CallInput, defineCall, defineDownload } from './call';

const Query = z.strictObject({ page: z.coerce.number().default(1), name: z.string().optional() });
const Body = z.strictObject({ id: z.number().int() });
const Answer = z.object({ ok: z.boolean() });

describe('defineCall', () => {
  it('keeps the method, URL, input and output it is given, frozen', () => {
    const list = defineCall({ method: 'GET', url: '/api/demo/pageList', query: Query, data: Answer });
    expect(list).toEqual({ method: 'GET', url: '/api/demo/pageList', query: Query, data: Answer });
    expect(Object.isFrozen(list)).toBe(true);
  });

  it('types what the web sends and gets: a GET its query, a POST its body', () => {
    const list = defineCall({ method: 'GET', url: '/api/demo/pageList', query: Query, data: Answer });
    const save = defineCall({ method: 'POST', url: '/api/demo/save', body: Body, data: z.null() });
    const bare = defineCall({ method: 'POST', url: '/api/demo/run', data: Answer });
    expectTypeOf<CallInput<typeof list>>().toEqualTypeOf<{ page?: unknown; name?: string }>();
    // a filter's text goes into the query string as it is
    expectTypeOf({ page: '2' }).toExtend<CallInput<typeof list>>();
    expectTypeOf<CallInput<typeof save>>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<CallInput<typeof bare>>().toEqualTypeOf<undefined>();
    expectTypeOf<CallData<typeof list>>().toEqualTypeOf<{ ok: boolean }>();
    expectTypeOf<CallData<typeof save>>().toEqualTypeOf<null>();
  });

  it('declares a download as a GET with its query', () => {
    const file = defineDownload({ url: '/api/demo/download', query: Body });
    expect(file).toEqual({ method: 'GET', url: '/api/demo/download', query: Body });
  });
});
