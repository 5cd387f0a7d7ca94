import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db';
import { type SignedDoc, signatureValid, signingKey } from './signing';

export interface RenderedDoc {
  body: Buffer;
  type: string;
  name: string;
}

/**
 * A public but signed document route (labels, manifests): the local print driver fetches it by URL without a token, so
 * the URL's signature is the permission. A wrong or expired signature answers 40300 and renders nothing.
 */
export function signedDocumentRoute(
  app: FastifyInstance,
  db: Db,
  doc: SignedDoc,
  query: z.ZodType<{ exp: number; sig: string }>,
  render: (id: string) => Promise<RenderedDoc>,
): void {
  app.get(doc.path, { config: { permission: 'public' }, schema: { hide: true } }, async (req, reply: FastifyReply) => {
    const q = query.safeParse(req.query);
    const id = q.success ? String((q.data as Record<string, unknown>)[doc.param]) : '';
    if (!q.success || !signatureValid(await signingKey(db), doc.scope, id, q.data.exp, q.data.sig, app.services.now())) {
      return reply.status(403).send({ code: 40300, message: '文件链接无效或已过期', data: null });
    }
    const out = await render(id);
    return reply.type(out.type).header('Content-Disposition', `inline; filename="${out.name}"`).header('Cache-Control', 'private, max-age=60').send(out.body);
  });
}
