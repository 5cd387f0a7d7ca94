import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../api/request';
import type { LoginVerifyRequired } from '@waystation/shared/contract/verification';
import type { SessionStart } from '@waystation/shared/contract/admin';
import { useLang, useT } from '../../i18n';
import { useSettings } from '../stores/settings';
import { afterLoginTarget, loadSession, startSession } from '../session';
import { loadLoginCall, prefetchAfterLogin, preloadShell, preloadShellWhenIdle } from '../preload';
import { FullPageLoading } from '../FullPageLoading';

// Shown only when the admin login asks for a second factor: not part of the form's first paint.
const LoginVerifyStep = lazy(() => import('../../components/verify/LoginVerifyStep').then((m) => ({ default: m.LoginVerifyStep })));
import './login.css';

/** Set by the prerendered page's script (LOGIN_EARLY_SUBMIT_SCRIPT) and by this form once it is the app's. */
type EarlySubmitWindow = Window & { wsLoginReady?: boolean; wsLoginQueued?: boolean };

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <line x1="3" y1="3" x2="21" y2="21" />}
    </svg>
  );
}

/**
 * /login (SPEC §2/§3): username (trimmed), password with show/hide and a caps-lock warning; Enter submits;
 * `?redirect=` and the other query params decide where to go next. Plain HTML and CSS, no antd, so the
 * first screen loads fast; server errors (wrong password, locked account) come as toasts from the request layer.
 */
export default function Login() {
  const t = useT();
  const { lang, setLang } = useLang();
  const theme = useSettings((s) => s.theme);
  const navigate = useNavigate();
  const location = useLocation();
  // The fields are the browser's own (uncontrolled): what a person typed into the prerendered form before the app
  // took it over is in them, and is what a submit reads. These keep what was last submitted, for the second factor.
  const [submitted, setSubmitted] = useState({ username: '', password: '' });
  const formRef = useRef<HTMLFormElement>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [loading, setLoading] = useState(false);
  /** admin_login enabled: the password was right, the second factor is asked for (42800). */
  const [pending, setPending] = useState<LoginVerifyRequired | null>(null);

  useEffect(preloadShellWhenIdle, []);
  // The form is the app's now: a submit held back by the prerendered page's script (pressed before this) goes ahead.
  useEffect(() => {
    const early = window as EarlySubmitWindow;
    early.wsLoginReady = true;
    if (early.wsLoginQueued) {
      early.wsLoginQueued = false;
      formRef.current?.requestSubmit();
    }
  }, []);

  /** The login's answer brings the session (info, routes, counters); without it they are asked for at once. */
  const enter = (session: SessionStart | undefined) => {
    if (!startSession(session)) {
      void loadSession().catch(() => undefined);
      prefetchAfterLogin();
    }
    navigate(afterLoginTarget(location.search), { replace: true });
  };

  const checkCapsLock = (e: KeyboardEvent<HTMLInputElement>) => setCapsLock(e.getModifierState?.('CapsLock') ?? false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = new FormData(e.currentTarget);
    const name = String(fields.get('username') ?? '').trim();
    const password = String(fields.get('password') ?? '');
    const next = { username: name ? undefined : t('login.usernameRequired'), password: password ? undefined : t('login.passwordRequired') };
    setErrors(next);
    if (next.username || next.password || loading) return;
    setLoading(true);
    setSubmitted({ username: name, password });
    // The shell downloads while the server checks the password; its answer carries what the first screen shows.
    preloadShell();
    try {
      const { login } = await loadLoginCall();
      const { session } = await login({ username: name, password });
      enter(session);
    } catch (err) {
      setLoading(false);
      if (err instanceof ApiError && err.code === 42800) setPending(err.data as LoginVerifyRequired);
    }
  };

  return (
    <div className="login-container" style={{ '--ws-primary': theme } as React.CSSProperties}>
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form's fieldset */}
      <div className="login-lang" role="group" aria-label={t('user.language')}>
        <button type="button" className={lang === 'zh' ? 'active' : ''} onClick={() => setLang('zh')}>
          中文
        </button>
        <button type="button" className={lang === 'en' ? 'active' : ''} onClick={() => setLang('en')}>
          English
        </button>
      </div>
      {pending ? (
        <Suspense fallback={<FullPageLoading />}>
          <LoginVerifyStep pending={pending} username={submitted.username} password={submitted.password} onCancel={() => setPending(null)} onSignedIn={enter} />
        </Suspense>
      ) : (
        <form ref={formRef} className="login-form" onSubmit={onSubmit} noValidate aria-label={t('login.title')}>
          <h1 className="login-title">{t('login.title')}</h1>
          <div className="login-field">
            <input
              id="login-username"
              name="username"
              type="text"
              placeholder={t('login.username')}
              aria-label={t('login.username')}
              aria-invalid={!!errors.username}
              autoComplete="username"
              autoFocus
              defaultValue={submitted.username}
            />
            {errors.username && <div className="login-error">{errors.username}</div>}
          </div>
          <div className="login-field">
            <div className="login-password">
              <input
                id="login-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                placeholder={t('login.password')}
                aria-label={t('login.password')}
                aria-invalid={!!errors.password}
                autoComplete="current-password"
                defaultValue={submitted.password}
                onKeyUp={checkCapsLock}
                onKeyDown={checkCapsLock}
                onBlur={() => setCapsLock(false)}
              />
              <button
                type="button"
                className="login-eye"
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                <EyeIcon open={showPassword} />
              </button>
            </div>
            {capsLock && (
              <div className="login-caps" role="alert">
                {t('login.capsLock')}
              </div>
            )}
            {errors.password && <div className="login-error">{errors.password}</div>}
          </div>
          <button type="submit" className="login-submit" disabled={loading} aria-busy={loading}>
            {loading ? <span className="login-spinner" aria-hidden /> : null}
            {t('login.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
