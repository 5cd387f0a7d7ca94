import type { z } from 'zod';

/**
 * One API call, declared once (issue #29): its method, URL, input and output. The server registers it
 * (`api(app, call, { permission, summary, handler })`) and the web calls it (`call(declaration, input)`), so neither
 * spells the URL or the schemas again. A GET takes its input in the query string, a POST in its JSON body.
 */
export interface Call<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  M extends 'GET' | 'POST' = 'GET' | 'POST',
> {
  readonly method: M;
  readonly url: `/api/${string}`;
  readonly query?: Q;
  readonly body?: B;
  /** The answer's data (the envelope's `data`). */
  readonly data: D;
}

/** Declares an API call (see Call): a GET has no body. */
export function defineCall<
  M extends 'GET' | 'POST',
  D extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(call: { method: M; url: `/api/${string}`; query?: Q; body?: M extends 'GET' ? undefined : B; data: D }): Call<Q, B, D, M> {
  return Object.freeze({ ...call }) as Call<Q, B, D, M>;
}

/** A GET that answers with the bytes of a file (an Excel workbook, a backup archive) instead of the envelope. */
export interface Download<Q extends z.ZodType = z.ZodType> {
  readonly method: 'GET';
  readonly url: `/api/${string}`;
  readonly query: Q;
}

/** Declares a file download (see Download). */
export function defineDownload<Q extends z.ZodType>(download: { url: `/api/${string}`; query: Q }): Download<Q> {
  return Object.freeze({ method: 'GET', ...download });
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** A query string's values are text: a GET's input may give any field as the text a filter holds (the server parses it). */
type AsQuery<I> = I extends object ? { [K in keyof I]: I[K] | string } : I;

/** What the web sends: a GET's query (see AsQuery), a POST's body. */
export type CallInput<C extends Call> = C extends Call<infer Q, infer B, z.ZodType, infer M> ? (M extends 'GET' ? AsQuery<InputOf<Q>> : InputOf<B>) : never;
/** What the call answers (the envelope's data, parsed). */
export type CallData<C extends Call> = z.output<C['data']>;
