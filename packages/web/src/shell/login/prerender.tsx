import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import Login from './Login';

/**
 * The login form's HTML for the prerendered page (vite.config.ts writes it into login.html). The client's tree above
 * the form (router, routes, guard) renders no elements of its own, so it hydrates this markup as it stands: in the
 * default language and theme, with no one signed in (main.tsx checks those before hydrating).
 */
export function renderLoginForm(): string {
  return renderToString(
    <StaticRouter location="/login">
      <Login />
    </StaticRouter>,
  );
}
