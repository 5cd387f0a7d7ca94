/**
 * The login page as the build prerenders it (packages/web/vite.config.ts) and the server sends it (app.ts): the form is
 * in the HTML, so it paints before any script has loaded, and the app then takes it over (hydrates it).
 */
export const LOGIN_PAGE_FILE = 'login.html';

/**
 * The one inline script of the prerendered login page. A person can type and press Enter before the app's script has
 * arrived: this holds such a submit back (the browser would otherwise send the form itself, the password in the
 * address) and marks it, and the app submits it once it has taken the form over. The server allows it by its hash.
 */
export const LOGIN_EARLY_SUBMIT_SCRIPT =
  "document.addEventListener('submit',function(e){if(!window.wsLoginReady){e.preventDefault();window.wsLoginQueued=true}},true)";
