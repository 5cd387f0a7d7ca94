import Cookies from 'js-cookie';

/** SPEC §3/§9: the session token lives in the cookie Admin-Token. */
export const TOKEN_COOKIE = 'Admin-Token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  // Strict: no other site's page or link sends it; Secure whenever the site is served over HTTPS.
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Strict', secure: location.protocol === 'https:' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
