import Cookies from 'js-cookie';

/** SPEC §3/§9: the session token lives in the cookie Admin-Token. */
export const TOKEN_COOKIE = 'Admin-Token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax', secure: location.protocol === 'https:' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
