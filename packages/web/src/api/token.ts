import Cookies from 'js-cookie';

/**
 * SPEC §3/§9: the session token lives in the cookie Admin-Token. The server sets it HttpOnly at login (issue #28), so
 * no script here can read it; the browser sends it with every call. The readable Admin-Session cookie holds a marker
 * of that session: sent back in X-Session, it proves the call comes from these pages, and tells whether someone is
 * signed in and whether it is still the same session.
 */
export const TOKEN_COOKIE = 'Admin-Token';
export const SESSION_COOKIE = 'Admin-Session';

/** The signed-in session's marker, or undefined when no one is signed in here. */
export function sessionMarker(): string | undefined {
  return Cookies.get(SESSION_COOKIE) || undefined;
}

/** The headers that authenticate a call of these pages. */
export function sessionHeaders(): Record<string, string> {
  const marker = sessionMarker();
  return marker ? { 'X-Session': marker } : {};
}

/** Forgets the session on this page (the server clears its cookies at logout and when the session has ended). */
export function forgetSession(): void {
  Cookies.remove(SESSION_COOKIE, { path: '/' });
}
