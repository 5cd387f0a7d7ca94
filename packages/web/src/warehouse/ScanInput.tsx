import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Input, type InputRef, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useLang } from '../i18n';
import { cue, useMute, type Clip } from './voice';
import { isDuplicate, isScannable } from './scanRules';
import { useScanMessages } from './messages';
import './scan.css';

export type ScanTone = 'success' | 'warning' | 'error' | 'info';

/** What a station makes of one scan: the log line, the sound and the words said. */
export interface ScanOutcome {
  tone: ScanTone;
  text: string;
  clip?: Clip;
  /** Spoken after the clip (skipped when muted or too long). */
  say?: string;
}

export interface ScanLogEntry {
  id: number;
  at: Date;
  code: string;
  tone: ScanTone;
  text: string;
}

const LOG_SIZE = 30;

interface Props {
  /** Station key: mute setting and voice. */
  station: string;
  placeholder: string;
  onScan: (code: string) => Promise<ScanOutcome>;
  /** Extra content under the input (current item, step hint). */
  children?: ReactNode;
  /** Pause refocusing while a dialog of the station is open. */
  paused?: boolean;
}

/**
 * The scan kit every station uses: one always-focused input for keyboard-wedge scanners (characters then Enter),
 * the keyboard-layout hint of SPEC §2, duplicate-read detection, a running log with result colours, sound and voice.
 */
export function ScanInput({ station, placeholder, onScan, children, paused }: Props) {
  const m = useScanMessages();
  const lang = useLang((s) => s.lang);
  const ref = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [log, setLog] = useState<ScanLogEntry[]>([]);
  const last = useRef<{ code: string; at: number } | null>(null);
  const seq = useRef(0);
  const muted = useMute((s) => !!s.muted[station]);
  const toggleMute = useMute((s) => s.toggle);

  const focus = useCallback(() => {
    if (!paused) ref.current?.focus({ preventScroll: true });
  }, [paused]);

  useEffect(() => {
    const typingIn = (el: Element | null) =>
      el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || !!(el as HTMLElement | null)?.isContentEditable;
    const dialogOpen = () => !!document.querySelector('.ant-modal-wrap:not([style*="display: none"])');
    const refocus = () => {
      if (!typingIn(document.activeElement) && !dialogOpen()) focus();
    };
    focus();
    // The page may still be settling (lazy chunk, tab switch): take the focus again shortly after mount.
    const retry = setTimeout(refocus, 300);
    const onFocusOut = () => setTimeout(refocus, 50);
    // A scanner typing while nothing has focus: the keystroke goes to the scan input.
    const onKeyDown = (e: KeyboardEvent) => {
      if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.length === 1) refocus();
    };
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('focus', refocus);
    return () => {
      clearTimeout(retry);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('focus', refocus);
    };
  }, [focus]);

  const push = (code: string, tone: ScanTone, text: string) =>
    setLog((l) => [{ id: ++seq.current, at: new Date(), code, tone, text }, ...l].slice(0, LOG_SIZE));

  const submit = async () => {
    const code = value.trim();
    setValue('');
    if (!code || busy) return;
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
    setBusy(true);
    try {
      const out = await onScan(code);
      push(code, out.tone, out.text);
      if (out.clip || out.say) cue(station, out.clip ?? (out.tone === 'error' ? 'fail' : 'success'), out.say);
    } catch (e) {
      const text = (e as Error).message || m.failed;
      push(code, 'error', text);
      cue(station, 'fail', text);
    } finally {
      setBusy(false);
      focus();
    }
  };

  const color: Record<ScanTone, string> = { success: 'green', warning: 'orange', error: 'red', info: 'blue' };
  const nonAscii = !!value.trim() && !isScannable(value.trim());

  return (
    <div className="scan-kit" onClick={focus}>
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
          onPressEnter={() => void submit()}
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
      {children}
      <List
        className="scan-kit-log"
        size="small"
        header={<b>{m.recent}</b>}
        dataSource={log}
        locale={{ emptyText: m.noScans }}
        renderItem={(e) => (
          <List.Item className={`scan-log-${e.tone}`} data-testid="scan-log-item">
            <Space>
              <span className="scan-log-time">{e.at.toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en-GB', { hour12: false })}</span>
              <Tag color={color[e.tone]}>{e.code}</Tag>
              <span>{e.text}</span>
            </Space>
          </List.Item>
        )}
      />
    </div>
  );
}
