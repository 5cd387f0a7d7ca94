import { Card, DatePicker, Descriptions, Form, Input, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type AuditEntry, type AuditListQuery, auditPageListCall } from '@waystation/shared/contract/audit';
import { AuditSubject, auditActionLabel } from '@waystation/shared/vocab/audit';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { useAuditMessages } from './messages';

interface Filters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span>—</span>;
  return <pre className="audit-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** The audit trail: who did what to which target, before and after, filtered by actor, action, target and time. */
export default function AuditList() {
  const lang = useLang((s) => s.lang);
  const _t = useT();
  const m = useAuditMessages();
  const list = useListPage(
    (query): Partial<AuditListQuery> => ({
      actor: query.actor,
      action: query.action,
      targetType: query.targetType,
      targetId: query.targetId,
      from: query.from,
      to: query.to,
    }),
    ({ from, to, ...f }): Filters => ({ ...f, range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null }),
  );
  const entries = useListCall(auditPageListCall, list.params);

  const columns: ResizableColumn<AuditEntry>[] = [
    { key: 'createTime', title: m.time, dataIndex: 'createTime', width: 180, render: formatTime, exportAs: { kind: 'time' } },
    { key: 'actorName', title: m.actor, dataIndex: 'actorName', width: 130 },
    { key: 'action', title: m.action, dataIndex: 'action', width: 200, render: (a: string) => <span title={a}>{auditActionLabel(a, lang)}</span> },
    {
      key: 'targetType',
      title: m.targetType,
      dataIndex: 'targetType',
      width: 130,
      render: (v: string) => <span title={v}>{AuditSubject.label(v, lang)}</span>,
    },
    { key: 'targetId', title: m.targetId, dataIndex: 'targetId', width: 120 },
    {
      key: 'result',
      title: m.result,
      dataIndex: 'result',
      width: 90,
      render: (r: string) => <Tag color={r === 'ok' ? 'green' : 'red'}>{r === 'ok' ? m.resultOk : m.resultRefused}</Tag>,
    },
    { key: 'ip', title: m.ip, dataIndex: 'ip', width: 140 },
  ];

  return (
    <Card>
      <ListPage<AuditEntry>
        list={list}
        result={entries}
        columns={columns}
        onSame={() => void entries.refetch()}
        toValues={({ range, ...rest }) => {
          const r = range as Filters['range'];
          return { ...(rest as Record<string, string>), from: r?.[0]?.format(), to: r?.[1]?.format() };
        }}
        exportAs={{ call: auditPageListCall, name: m.exportName }}
        expandable={{
          expandedRowRender: (row) => (
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={m.before}>
                <Json value={row.before} />
              </Descriptions.Item>
              <Descriptions.Item label={m.after}>
                <Json value={row.after} />
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
      >
        <Form.Item name="actor" label={m.actor}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="action" label={m.action}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="targetType" label={m.targetType}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="targetId" label={m.targetId}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="range" label={m.timeRange}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
      </ListPage>
    </Card>
  );
}
