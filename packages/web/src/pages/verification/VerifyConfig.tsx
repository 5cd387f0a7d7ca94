import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Select, Switch, Tabs, Tag } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import type { VerifyConfigItem } from '@waystation/shared/contract/verification';
import { SensitiveOperation } from '@waystation/shared/vocab/account';
import { initAdminUsers } from '../../api/admin';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { fetchOutbox, fetchVerifyConfig, saveVerifyConfig } from '../../components/verify/api';
import { useSession } from '../../shell/session';
import { useVerifyConfigMessages } from './messages';
import { CrudTable } from '../../components/list/CrudTable';

/** system/VerifyConfig: per SPEC §6 operation type, the verification switch and who may verify; the code outbox. */
export default function VerifyConfig() {
  const m = useVerifyConfigMessages();
  const isSuper = useSession((s) => s.info?.roles.includes('super_admin') ?? false);
  return (
    <Card>
      <Tabs
        items={[{ key: 'config', label: m.config, children: <ConfigTable /> }, ...(isSuper ? [{ key: 'outbox', label: m.outbox, children: <Outbox /> }] : [])]}
      />
    </Card>
  );
}

function ConfigTable() {
  const m = useVerifyConfigMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['verify', 'config'], queryFn: fetchVerifyConfig });
  const admins = useQuery({ queryKey: ['admin', 'options'], queryFn: initAdminUsers, staleTime: 60_000 });
  const save = useMutation({ mutationFn: saveVerifyConfig, onSuccess: () => qc.invalidateQueries({ queryKey: ['verify'] }) });

  return (
    <CrudTable<VerifyConfigItem, { enabled: boolean; subjectIds?: number[] }>
      rows={list.data}
      loading={list.isFetching}
      rowKey="type"
      resizable
      size="middle"
      editable
      editLabel={m.edit}
      title={(r) => (r === 'new' ? '' : m.editTitle.replace('{name}', SensitiveOperation.label(r.type, lang)))}
      toForm={(r) => ({ enabled: r.enabled, subjectIds: r.subjects.map((s) => s.id) })}
      save={(v, r) => save.mutateAsync({ type: r!.type, enabled: v.enabled, subjectIds: v.subjectIds ?? [] })}
      columns={[
        { key: 'label', title: m.type, render: (_, r) => SensitiveOperation.label(r.type, lang) },
        { key: 'type', title: m.key, dataIndex: 'type', render: (v: string) => <code>{v}</code> },
        { key: 'enabled', title: m.enabled, dataIndex: 'enabled', render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? m.on : m.off}</Tag> },
        {
          key: 'subjects',
          title: m.subjects,
          render: (_, r) =>
            r.subjects.map((s) => (
              <Tag key={s.id} color={s.totp ? 'blue' : undefined}>
                {s.name}
              </Tag>
            )),
        },
        { key: 'updatedAt', title: t('common.modifyTime'), dataIndex: 'updatedAt', render: (v: string | null) => formatTime(v) },
      ]}
    >
      {() => (
        <>
          <Form.Item name="enabled" label={m.enabled} valuePropName="checked" extra={m.enabledHint}>
            <Switch />
          </Form.Item>
          <Form.Item name="subjectIds" label={m.subjects} extra={m.subjectsHint}>
            <Select
              mode="multiple"
              loading={admins.isLoading}
              optionFilterProp="label"
              options={admins.data?.map((a) => ({ value: a.id, label: `${a.name}（${a.username}）` }))}
            />
          </Form.Item>
        </>
      )}
    </CrudTable>
  );
}

function Outbox() {
  const m = useVerifyConfigMessages();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['verify', 'outbox', page], queryFn: () => fetchOutbox({ page, limit: 20 }), refetchInterval: 10_000 });
  return (
    <>
      <p style={{ color: '#888' }}>{m.outboxHint}</p>
      <ResizableTable
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        size="middle"
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { key: 'time', title: m.time, dataIndex: 'createTime', width: 180, render: (v: string) => formatTime(v) },
          { key: 'recipient', title: m.recipient, dataIndex: 'recipient', width: 120 },
          { key: 'subject', title: m.subject, dataIndex: 'subject', width: 220 },
          { key: 'body', title: m.body, dataIndex: 'body' },
        ]}
      />
    </>
  );
}
