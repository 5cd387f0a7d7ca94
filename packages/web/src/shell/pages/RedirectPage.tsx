import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** /redirect/{path}: re-enters a page (tab Refresh) by replacing the address with the page's own. */
export function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = location.pathname.replace(/^\/redirect/, '') || '/';
    navigate(`${target}${location.search}${location.hash}`, { replace: true });
  }, [location, navigate]);
  return null;
}
