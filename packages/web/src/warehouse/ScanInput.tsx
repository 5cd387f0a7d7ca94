import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Input, type InputRef, Space, Tooltip, Typography } from 'antd';
import { fill } from '../i18n';
import { dialogOpen, isTextEntry, registerScanSink } from './keyBuffer';
import { StationWorkPanel, stationWorkKey } from './StationWork';
import type { WorkStation } from '@waystation/shared/contract/warehouse';
import { useQueryClient } from '@tanstack/react-query';
import { cue, useMute, type Clip } from './voice';
import { isDuplicate, isScannable } from './scanRules';
import { useScanMessages } from './messages';
import { isLoggedOut } from '../api/request';
import { sessionMarker } from '../api/token';
import { isUndelivered, loadPending, savePending, type PendingScan, type ScanConflict } from './pendingScans';
import { PendingScansAlert, ScanConflictsAlert, ScanLog, type ScanLogEntry } from './ScanLog';
import './scan.css';

export type ScanTone = 'success' | 'warning' | 'error' | 'info';

/** What a station makes of one scan: the log line, the sound and the words said. */
export interface ScanOutcome {
  tone: ScanTone;
  text: string;
  clip?: Clip;
  /** Spoken after the clip (skipped when muted or too long). */
  say?: string;
  /** The station asks for the same code again (to confirm): the next read of it is not a scanner's echo. */
  expectRepeat?: boolean;
}

const LOG_SIZE = 30;
/** While scans are kept on the device, delivery is tried again this often (and at once when the browser is back online). */
const RETRY_MS = 3000;

interface Props<C> {
  /** Station key: mute setting and voice. */
  station: string;
  placeholder: string;
  /** Handles one scan; `context` is what `contextOf` gave for it when it was made (also when it is delivered later). */
  onScan: (code: string, context?: C) => Promise<ScanOutcome>;
  /**
   * For a station whose scan depends on an earlier one (a sack card on the package scanned before it): called once per
   * scan, in the order they were made, before it is handled. What it returns goes with the scan — kept with it on the
   * device while the network is down (plain data: it is stored in IndexedDB) — and is given to onScan, then or on replay.
   */
  contextOf?: (code: string) => C | undefined;
  /** Extra content under the input (current item, step hint). */
  children?: ReactNode;
  /** Pause refocusing while a dialog of the station is open. */
  paused?: boolean;
  /** The station's work list, shown beside the scan box and refreshed after each scan. */
  work?: WorkStation;
}

/**
 * The scan kit every station uses: one always-focused input for keyboard-wedge scanners (characters then Enter),
 * the keyboard-layout hint of SPEC §2, duplicate-read detection, a running log with result colours, sound and voice.
 */
export function ScanInput<C = undefined>({ station, placeholder, onScan, contextOf, children, paused, work }: Props<C>) {
  const m = useScanMessages();
  const ref = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [queued, setQueued] = useState(0);
  const [log, setLog] = useState<ScanLogEntry[]>([]);
  const last = useRef<{ code: string; at: number } | null>(null);
  const seq = useRef(0);
  /** Scans to handle in order; `replay` delivers the kept ones first. */
  const queue = useRef<({ code: string; at: number } | { replay: true })[]>([]);
  const pending = useRef<PendingScan[]>([]);
  const [pendingView, setPendingView] = useState<PendingScan[]>([]);
  const [conflicts, setConflicts] = useState<ScanConflict[]>([]);
  const running = useRef(false);
  /** The server said this session has ended (another login of the account…): the token it ended with, and why. */
  const loggedOut = useRef<{ token: string | undefined; reason: string } | null>(null);
  const [loggedOutView, setLoggedOutView] = useState(false);
  /** The station's address: once the address changes (a sidebar link was clicked) the keys are for the next page. */
  const path = useRef(window.location.pathname);
  /** Resolved after the next render is on screen: the station's next answer then reads what this one set. */
  const commitWaiters = useRef<(() => void)[]>([]);
  const [, setRenders] = useState(0);
  useLayoutEffect(() => {
    for (const resolve of commitWaiters.current.splice(0)) resolve();
  });
  const nextCommit = () =>
    new Promise<void>((resolve) => {
      commitWaiters.current.push(resolve);
      setRenders((n) => n + 1);
    });
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const contextOfRef = useRef(contextOf);
  contextOfRef.current = contextOf;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const queryClient = useQueryClient();
  const muted = useMute((s) => !!s.muted[station]);
  const toggleMute = useMute((s) => s.toggle);

  /** The scan box takes the focus only when nothing else is being used: no other field, no dialog. */
  const focusIfFree = useCallback(() => {
    if (pausedRef.current || dialogOpen()) return;
    const active = document.activeElement;
    if (!active || active === document.body || active === ref.current?.input) ref.current?.focus({ preventScroll: true });
  }, []);

  const push = (code: string, tone: ScanTone, text: string) =>
    setLog((l) => [{ id: ++seq.current, at: new Date(), code, tone, text }, ...l].slice(0, LOG_SIZE));

  /** The answer is on screen: a User Timing measure from the Enter key to the painted log line (read by the bench). */
  const markFeedback = (enteredAt: number) =>
    requestAnimationFrame(() => {
      try {
        performance.measure('scan:feedback', { start: enteredAt, end: performance.now() });
      } catch {
        /* User Timing unavailable: nothing to record */
      }
    });

  const endSession = (e: unknown) => {
    loggedOut.current = { token: sessionMarker(), reason: (e as Error).message || m.failed };
    setLoggedOutView(true);
  };
  /** Still the ended session: no one has logged in again meanwhile (here or in another tab). */
  const stillLoggedOut = () => {
    if (loggedOut.current && loggedOut.current.token !== sessionMarker()) {
      loggedOut.current = null;
      setLoggedOutView(false);
    }
    return !!loggedOut.current;
  };

  const keep = (next: PendingScan[]) => {
    pending.current = next;
    setPendingView(next);
    void savePending(station, next);
  };

  /** Delivers the kept scans in the order they were made; stops at the first that still cannot reach the server. */
  const replay = async () => {
    while (pending.current.length) {
      const p = pending.current[0];
      try {
        const out = await onScanRef.current(p.code, p.context as C);
        push(p.code, out.tone, `${m.delivered} ${out.text}`);
        if (out.tone === 'error') setConflicts((c) => [...c, { ...p, reason: out.text }]);
      } catch (e) {
        if (isUndelivered(e)) return;
        if (isLoggedOut(e)) return endSession(e);
        const reason = (e as Error).message || m.failed;
        push(p.code, 'error', `${m.delivered} ${reason}`);
        setConflicts((c) => [...c, { ...p, reason }]);
      }
      keep(pending.current.slice(1));
    }
  };

  const handle = async (code: string, enteredAt: number) => {
    if (!isScannable(code)) {
      push(code, 'error', m.notEnglish);
      cue(station, 'fail', m.notEnglishVoice);
      return;
    }
    const now = Date.now();
    if (isDuplicate(last.current, code, now)) {
      push(code, 'warning', m.duplicate);
      return;
    }
    last.current = { code, at: now };
    cue(station, 'scan');
    // The context is taken now, in the order scans are made, whether the scan is sent at once or kept for later.
    const context = contextOfRef.current?.(code);
    const hold = () => {
      keep([...pending.current, context === undefined ? { code, at: now } : { code, at: now, context }]);
      if (stillLoggedOut()) {
        // Never a scan swallowed by an ended session: the worker sees and hears it, and it is sent after the new login.
        push(code, 'error', fill(m.keptLoggedOut, { reason: loggedOut.current!.reason, n: pending.current.length }));
        cue(station, 'fail', m.keptLoggedOutVoice);
      } else {
        push(code, 'warning', fill(m.kept, { n: pending.current.length }));
        cue(station, 'fail', m.keptVoice);
      }
      markFeedback(enteredAt);
    };
    // Scans wait behind those already kept, so the server sees them in the order they were made.
    if (pending.current.length || stillLoggedOut()) return hold();
    try {
      const out = await onScanRef.current(code, context);
      push(code, out.tone, out.text);
      markFeedback(enteredAt);
      if (out.expectRepeat) last.current = null;
      if (out.clip || out.say) cue(station, out.clip ?? (out.tone === 'error' ? 'fail' : 'success'), out.say);
    } catch (e) {
      if (isUndelivered(e)) return hold();
      if (isLoggedOut(e)) {
        endSession(e);
        return hold();
      }
      const text = (e as Error).message || m.failed;
      push(code, 'error', text);
      markFeedback(enteredAt);
      cue(station, 'fail', text);
    }
  };

  /** Scans are handled one at a time, in the order they were made; a scan made while one is answered waits its turn. */
  const enqueue = (code: string) => run({ code, at: performance.now() });
  const run = (item: { code: string; at: number } | { replay: true }) => {
    queue.current.push(item);
    setQueued(queue.current.filter((q) => 'code' in q).length);
    if (running.current) return;
    running.current = true;
    void (async () => {
      while (queue.current.length) {
        const next = queue.current.shift()!;
        setQueued(queue.current.filter((q) => 'code' in q).length);
        // While the session is the ended one, a retry would only be refused again: the kept scans wait for the new login.
        if ('replay' in next) {
          if (!stillLoggedOut()) await replay();
        } else await handle(next.code, next.at);
        // Scans handed over at once (kept while the station opened) must not see the state from before this one:
        // the package it opened, the item now waiting for its shelf.
        await nextCommit();
      }
      running.current = false;
      focusIfFree();
      if (work) void queryClient.invalidateQueries({ queryKey: stationWorkKey(work) });
    })();
  };
  const enqueueRef = useRef(enqueue);
  enqueueRef.current = enqueue;
  const runRef = useRef(run);
  runRef.current = run;

  // Kept scans survive a reload: load them, then try to deliver them every few seconds and when the network is back.
  useEffect(() => {
    let alive = true;
    void loadPending(station).then((kept) => {
      if (!alive || !kept.length) return;
      pending.current = [...kept, ...pending.current];
      setPendingView(pending.current);
      runRef.current({ replay: true });
    });
    const retry = () => {
      if (pending.current.length && !running.current) runRef.current({ replay: true });
    };
    const timer = setInterval(retry, RETRY_MS);
    window.addEventListener('online', retry);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('online', retry);
    };
  }, [station]);

  // Before paint: the keys kept while the station opened come to the box as soon as it exists. It takes the focus from
  // the sidebar link or tab just clicked, never from a field the worker is typing in.
  useLayoutEffect(() => {
    if (!isTextEntry(document.activeElement) && !dialogOpen()) ref.current?.focus({ preventScroll: true });
    const unregister = registerScanSink({
      live: () => window.location.pathname === path.current && !!ref.current?.input?.isConnected,
      busy: () => !!ref.current?.input?.value || queue.current.length > 0,
      focus: () => ref.current?.focus({ preventScroll: true }),
      owns: (el) => el === ref.current?.input,
      submit: (code) => enqueueRef.current(code.trim()),
      prefill: (text) => {
        const input = ref.current?.input;
        if (!input) return;
        ref.current?.focus({ preventScroll: true });
        // Into the field itself (React's onChange follows): the keys that come next land after it, none overwrites it.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text + input.value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.setSelectionRange(input.value.length, input.value.length);
      },
    });
    // Focus that falls to the page itself (a button that went away, a click on empty space) comes back to the scan box.
    const onFocusOut = () => setTimeout(focusIfFree, 50);
    window.addEventListener('focus', focusIfFree);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      unregister();
      window.removeEventListener('focus', focusIfFree);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [focusIfFree]);

  useEffect(() => {
    if (!paused) focusIfFree();
  }, [paused, focusIfFree]);

  const submit = () => {
    // The field's own text: what was put in front of it a moment ago included, even before React has rendered it.
    const code = (ref.current?.input?.value ?? value).trim();
    setValue('');
    if (code) enqueue(code);
  };

  /** A click on the station's empty space gives the scan box the focus; a click on a field, button or link does not. */
  const onKitClick = (e: React.MouseEvent) => {
    const target = e.target as Element;
    if (target.closest('input, textarea, select, button, a, label, [role="button"], [role="checkbox"], [contenteditable], .ant-select, .ant-input-number'))
      return;
    if (!window.getSelection()?.toString()) focusIfFree();
  };

  const nonAscii = !!value.trim() && !isScannable(value.trim());

  const kit = (
    <div className="scan-kit" onClick={onKitClick}>
      <Alert type="warning" showIcon className="scan-kit-hint" title={m.keyboardHint} />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={ref}
          size="large"
          value={value}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={submit}
          status={nonAscii ? 'error' : undefined}
          data-testid="scan-input"
        />
        <Tooltip title={muted ? m.unmute : m.mute}>
          <Button size="large" onClick={() => toggleMute(station)} aria-pressed={muted} data-testid="mute">
            {muted ? '🔇' : '🔊'}
          </Button>
        </Tooltip>
      </Space.Compact>
      {nonAscii && <Typography.Text type="danger">{m.notEnglish}</Typography.Text>}
      {queued > 0 && (
        <Typography.Text type="secondary" data-testid="scan-queued">
          {fill(m.queued, { n: queued })}
        </Typography.Text>
      )}
      <PendingScansAlert pendingView={pendingView} loggedOutView={loggedOutView} />
      <ScanConflictsAlert conflicts={conflicts} onClear={() => setConflicts([])} />
      {children}
      <ScanLog log={log} />
    </div>
  );
  if (!work) return kit;
  return (
    <div className="scan-kit-with-work">
      {kit}
      <StationWorkPanel station={work} />
    </div>
  );
}
