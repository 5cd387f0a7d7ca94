import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type SessionStart, adminLoginCall } from '@waystation/shared/contract/admin';
import { VERIFY_TICKET_HEADER, type LoginVerifyRequired, adminLoginSendCodeCall, adminLoginDoVerifyCall } from '@waystation/shared/contract/verification';
import { call } from '../../api/request';
import { fill } from '../../i18n';
import { useVerifyMessages } from './messages';
import './login-verify.css';

interface Props {
  pending: LoginVerifyRequired;
  username: string;
  password: string;
  /** Signed in: the server has set the session's cookies. */
  onSignedIn(session: SessionStart | undefined): void;
  onCancel(): void;
}

/**
 * admin_login, second step of the login page (plain HTML like the login form): choose a verifier (or one's own
 * authenticator app), enter the code, then the login is repeated with the ticket.
 */
export function LoginVerifyStep({ pending, username, password, onSignedIn, onCancel }: Props) {
  const m = useVerifyMessages();
  const [subjectId, setSubjectId] = useState(pending.subjectList[0]?.id ?? 0);
  const subject = pending.subjectList.find((s) => s.id === subjectId);
  const [method, setMethod] = useState<'code' | 'totp'>(subject?.totp ? 'totp' : 'code');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  useEffect(() => {
    if (!subject?.totp && method === 'totp') setMethod('code');
  }, [subject, method]);

  const send = async () => {
    try {
      const res = await call(adminLoginSendCodeCall, { pendingToken: pending.pendingToken, subjectId });
      setSentTo(subject?.name ?? '');
      setCountdown(Math.max(0, Math.ceil((new Date(res.resendAfter).getTime() - Date.now()) / 1000)));
      clearInterval(timer.current);
      timer.current = setInterval(() => setCountdown((c) => (c <= 1 ? (clearInterval(timer.current), 0) : c - 1)), 1000);
    } catch {
      /* the request layer shows the message */
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(m.codeInvalid);
      return;
    }
    setError('');
    setBusy(true);
    try {
      const { ticket } = await call(adminLoginDoVerifyCall, { pendingToken: pending.pendingToken, subjectId, code: code.trim(), method });
      const { session } = await call(adminLoginCall, { username, password }, { headers: { [VERIFY_TICKET_HEADER]: ticket } });
      onSignedIn(session);
    } catch {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-label={m.title}>
      <h1 className="login-title">{m.title}</h1>
      {pending.subjectList.length === 0 ? (
        <div className="login-error">{m.noSubject}</div>
      ) : (
        <>
          <label className="login-verify-label">
            {m.subject}
            <select value={subjectId} onChange={(e) => setSubjectId(Number(e.target.value))} aria-label={m.subject}>
              {pending.subjectList.map((s) => (
                <option key={s.id} value={s.id}>{`${s.name}（${s.username}）`}</option>
              ))}
            </select>
          </label>
          <div className="login-verify-methods" role="radiogroup" aria-label={m.method}>
            <label>
              <input type="radio" checked={method === 'code'} onChange={() => setMethod('code')} /> {m.methodCode}
            </label>
            <label className={subject?.totp ? '' : 'disabled'}>
              <input type="radio" checked={method === 'totp'} disabled={!subject?.totp} onChange={() => setMethod('totp')} /> {m.methodTotp}
            </label>
          </div>
          {method === 'code' ? (
            <div className="login-verify-send">
              <button type="button" onClick={send} disabled={countdown > 0}>
                {countdown > 0 ? fill(m.resendIn, { s: countdown }) : m.send}
              </button>
              {sentTo !== null && <span>{fill(m.sent, { name: sentTo })}</span>}
            </div>
          ) : (
            <p className="login-verify-hint">{m.totpHint}</p>
          )}
          <div className="login-field">
            <input
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              placeholder={m.codePlaceholder}
              aria-label={m.code}
              aria-invalid={!!error}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
            />
            {error && <div className="login-error">{error}</div>}
          </div>
          <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
            {m.confirm}
          </button>
        </>
      )}
      <button type="button" className="login-verify-back" onClick={onCancel}>
        ←
      </button>
    </form>
  );
}
