import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { sessionMarker } from './api/token';
import { useLang } from './i18n';
import { installErrorCapture, logRenderError } from './shell/errorLog/capture';
import { DEFAULT_SETTINGS, useSettings } from './shell/stores/settings';
import { installKeyBuffer } from './warehouse/keyBuffer';
import './shell/styles.css';

installErrorCapture();
installKeyBuffer();

const container = document.getElementById('app')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * The server sends /login with its form already in the HTML (prerendered by the build in the default language and
 * theme, see shell/login/prerender.tsx). The app takes that form over as it stands when it would render the same:
 * what a person already typed stays. Otherwise it renders afresh.
 */
const prerenderedLoginFits =
  container.firstElementChild !== null &&
  window.location.pathname === '/login' &&
  !sessionMarker() &&
  useLang.getState().lang === 'zh' &&
  useSettings.getState().theme === DEFAULT_SETTINGS.theme;

if (prerenderedLoginFits) {
  hydrateRoot(container, app, { onRecoverableError: (error, info) => logRenderError(error, info.componentStack) });
} else {
  container.replaceChildren();
  // A submit the prerendered form held back has nothing left to send (its fields are gone).
  Object.assign(window, { wsLoginReady: true, wsLoginQueued: false });
  createRoot(container).render(app);
}
