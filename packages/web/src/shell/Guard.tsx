import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { sessionMarker } from '../api/token';
import { toast } from '../api/feedback';
import { clearSession, loadSession, loginUrl, useSession } from './session';
import { FullPageLoading } from './FullPageLoading';

/** Open without a token (SPEC §2). */
const WHITE_LIST = ['/login', '/auth-redirect'];

/**
 * The navigation guard (SPEC §2). With a token: /login goes to /; when roles are not loaded, user info and
 * routes are fetched first; on failure the token is cleared, the error shown and the user sent to
 * /login?redirect={path}. Without a token only the white list is open.
 */
export function Guard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = sessionMarker();
  const onLogin = location.pathname === '/login';
  // Not watched on /login: a login that brings its session would otherwise re-render the login route before the
  // navigation that follows it, and its redirect to / would cost the first screen a second render.
  const loaded = useSession((s) => onLogin || s.info !== null);
  const needsLoad = !!token && !loaded && !onLogin;

  useEffect(() => {
    if (!needsLoad) return;
    let cancelled = false;
    loadSession().catch((err: unknown) => {
      if (cancelled) return;
      clearSession();
      toast('error', (err as Error)?.message || 'Has Error', 5);
      navigate(loginUrl(location.pathname, location.search), { replace: true });
    });
    return () => {
      cancelled = true;
    };
    // Only a change of "needs loading" restarts it; the location at that moment is the redirect target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsLoad]);

  if (!token) {
    if (WHITE_LIST.includes(location.pathname)) return children;
    return <Navigate to={loginUrl(location.pathname, location.search)} replace />;
  }
  if (onLogin) return <Navigate to="/" replace />;
  if (!loaded) return <FullPageLoading />;
  return children;
}
