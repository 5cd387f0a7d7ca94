import { Alert, Button, List, Space, Tag } from 'antd';
import { fill, useLang } from '../i18n';
import type { ScanTone } from './ScanInput';
import { useScanMessages } from './messages';
import type { PendingScan, ScanConflict } from './pendingScans';

export interface ScanLogEntry {
  id: number;
  at: Date;
  code: string;
  tone: ScanTone;
  text: string;
}

const color: Record<ScanTone, string> = { success: 'green', warning: 'orange', error: 'red', info: 'blue' };
const timeOf = (at: Date, lang: string) => at.toLocaleTimeString(lang === 'zh' ? 'zh-CN' : 'en-GB', { hour12: false });

/** The scans kept on the device until they reach the server (network down, or a session that another login ended). */
export function PendingScansAlert({ pendingView, loggedOutView }: { pendingView: PendingScan[]; loggedOutView: boolean }) {
  const m = useScanMessages();
  if (!pendingView.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="scan-pending"
      title={fill(loggedOutView ? m.pendingLoggedOutTitle : m.pendingTitle, { n: pendingView.length })}
      description={
        <Space wrap>
          {pendingView.map((p) => (
            <Tag key={`${p.at}-${p.code}`}>{p.code}</Tag>
          ))}
        </Space>
      }
    />
  );
}

/** Kept scans the server refused when they were delivered later: the worker sees each with its reason. */
export function ScanConflictsAlert({ conflicts, onClear }: { conflicts: ScanConflict[]; onClear: () => void }) {
  const m = useScanMessages();
  const lang = useLang((s) => s.lang);
  if (!conflicts.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="scan-conflicts"
      title={fill(m.conflictsTitle, { n: conflicts.length })}
      action={
        <Button size="small" onClick={onClear}>
          {m.clearConflicts}
        </Button>
      }
      description={
        <List
          size="small"
          dataSource={conflicts}
          renderItem={(c) => (
            <List.Item data-testid="scan-conflict-item">
              <Space>
                <Tag color="red">{c.code}</Tag>
                <span>{c.reason}</span>
                <span className="scan-log-time">{timeOf(new Date(c.at), lang)}</span>
              </Space>
            </List.Item>
          )}
        />
      }
    />
  );
}

/** The running log of a station's scans, newest first, coloured by result. */
export function ScanLog({ log }: { log: ScanLogEntry[] }) {
  const m = useScanMessages();
  const lang = useLang((s) => s.lang);
  return (
    <List
      className="scan-kit-log"
      size="small"
      header={<b>{m.recent}</b>}
      dataSource={log}
      locale={{ emptyText: m.noScans }}
      renderItem={(e) => (
        <List.Item className={`scan-log-${e.tone}`} data-testid="scan-log-item">
          <Space>
            <span className="scan-log-time">{timeOf(e.at, lang)}</span>
            <Tag color={color[e.tone]}>{e.code}</Tag>
            <span>{e.text}</span>
          </Space>
        </List.Item>
      )}
    />
  );
}
