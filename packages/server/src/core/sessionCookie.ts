import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The staff session in the browser (issue #28): the token lives in the `Admin-Token` cookie (SPEC §3), HttpOnly, so no
 * script on the page can read it. Beside it the readable `Admin-Session` cookie holds a marker derived from the token:
 * the web sends it back in `X-Session`, which tells the screens whether someone is signed in and proves a call came
 * from our own pages (a page elsewhere can neither read the marker nor set the header). API clients keep sending the
 * token itself in `X-Token`.
 */
export const TOKEN_COOKIE = 'Admin-Token';
export const SESSION_COOKIE = 'Admin-Session';
export const SESSION_HEADER = 'x-session';

/** The marker of a token: names the session without revealing the token. */
export const sessionMarkerOf = (token: string): string => createHash('sha256').update(`admin-session-marker:${token}`).digest('base64url').slice(0, 22);

const headerOf = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Where a request's token came from: the X-Token header, the cookie (with its marker in X-Session), or nowhere. */
export function tokenOf(req: FastifyRequest): { token: string | undefined; fromCookie: boolean } {
  const header = headerOf(req, 'x-token');
  if (header) return { token: header, fromCookie: false };
  const cookie = req.cookies?.[TOKEN_COOKIE];
  if (!cookie) return { token: undefined, fromCookie: false };
  const marker = headerOf(req, SESSION_HEADER);
  // A cookie without our pages' marker (a link or form from elsewhere) is not a signed-in call.
  if (!marker || !sameText(marker, sessionMarkerOf(cookie))) return { token: undefined, fromCookie: true };
  return { token: cookie, fromCookie: true };
}

const cookieOptions = (req: FastifyRequest) => ({ path: '/', sameSite: 'strict' as const, secure: req.protocol === 'https' });

/** After a login or a demo switch: the browser keeps the new session. */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(TOKEN_COOKIE, token, { ...cookieOptions(req), httpOnly: true });
  reply.setCookie(SESSION_COOKIE, sessionMarkerOf(token), cookieOptions(req));
}

/** After a logout, or when the cookie's session has ended: the browser forgets it. */
export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { ...cookieOptions(req), httpOnly: true });
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
}
