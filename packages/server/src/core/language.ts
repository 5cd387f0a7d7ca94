import type { FastifyRequest } from 'fastify';
import { translate, type Lang } from '@waystation/shared/rules/messages';
import type { AppError } from './errors';

/**
 * The language a caller reads, from Accept-Language (the web app sends the one chosen in its user menu): English when
 * an English tag ranks before any Chinese one, Chinese otherwise, as the product's default.
 */
export function preferredLang(header: string | undefined): Lang {
  if (!header) return 'zh';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh';
  }
  return 'zh';
}

export const requestLang = (req: FastifyRequest): Lang => preferredLang(req.headers['accept-language']);

/** A refusal in the caller's language: its message and, for 40001, each field's message. */
export function localized(err: AppError, lang: Lang): { message: string; data: unknown } {
  const data = err.data as { fields?: Record<string, string> } | null;
  if (!data?.fields) return { message: translate(err.message, lang), data: err.data };
  const fields = Object.fromEntries(Object.entries(data.fields).map(([k, v]) => [k, translate(v, lang)]));
  return { message: translate(err.message, lang), data: { ...data, fields } };
}
