import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * /auth-redirect (SPEC §2, open without a token): the landing page of a login opened in a pop-up. It hands
 * the query/hash it received to the window that opened it and closes; opened directly, it goes to /.
 */
export function AuthRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const payload = { search: location.search, hash: location.hash };
    if (window.opener && window.opener !== window) {
      window.opener.postMessage({ type: 'auth-redirect', ...payload }, location.origin);
      window.close();
    } else {
      navigate('/', { replace: true });
    }
  }, [navigate]);
  return null;
}
