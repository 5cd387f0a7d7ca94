import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import { PlusOutlined } from '@ant-design/icons';
import { SITE_KEY_RATE, type SiteKey, SiteKeyCreateBody, SiteKeyLimitsBody } from '@waystation/shared/contract/notification';
import { zodRule } from '../../components/zodRule';
import { fill } from '../../i18n';
import { formatTime } from '../../utils/time';
import { StatusTag, StatusToggle } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';
import { useShowOnce } from './showOnce';
import { useCreateSiteKey, useSiteKeyLimits, useSiteKeyStatus, useSiteKeys } from './api';
import { useSiteKeyMessages } from './messages';

/** 系统管理 › 站点密钥: the keys member sites' servers call the member API with (server to server). */
export default function SiteKeyList() {
  const m = useSiteKeyMessages();
  const keys = useSiteKeys();
  const status = useSiteKeyStatus();
  const [creating, setCreating] = useState(false);
  const [limiting, setLimiting] = useState<SiteKey | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={m.intro} />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
        {m.addKey}
      </Button>
      <ResizableTable<SiteKey>
        rowKey="id"
        dataSource={keys.data}
        loading={keys.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty description={m.empty} /> }}
        columns={[
          { key: 'name', title: m.name, dataIndex: 'name' },
          { key: 'prefix', title: m.prefix, dataIndex: 'prefix', render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
          { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { key: 'creator', title: m.creator, dataIndex: 'creatorName' },
          { key: 'lastUsed', title: m.lastUsed, dataIndex: 'lastUsedTime', render: (v: string | null) => (v ? formatTime(v) : m.never) },
          { key: 'createTime', title: m.createTime, dataIndex: 'createTime', render: (v: string) => formatTime(v) },
          {
            key: 'rate',
            title: m.rate,
            dataIndex: 'ratePerMinute',
            render: (v: number | null) => fill(m.perMinute, { n: (v ?? SITE_KEY_RATE).toLocaleString() }),
          },
          { key: 'cidrs', title: m.cidrs, dataIndex: 'allowedCidrs', render: (v: string[]) => (v.length ? v.join(', ') : m.anywhere) },
          {
            key: 'actions',
            title: m.actions,
            render: (_, k) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setLimiting(k)}>
                  {m.limits}
                </Button>
                <StatusToggle
                  status={k.status}
                  labels={m}
                  content={(action) => fill(m.confirmStatus, { action, name: k.name })}
                  run={(next) => status.mutateAsync({ id: k.id, status: next })}
                />
              </Space>
            ),
          },
        ]}
      />
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      {limiting && <LimitsDialog siteKey={limiting} onClose={() => setLimiting(null)} />}
    </Space>
  );
}

function CreateDialog({ onClose }: { onClose(): void }) {
  const m = useSiteKeyMessages();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateSiteKey();
  const saveForm = useFormSave();
  const showOnce = useShowOnce();
  return (
    <Modal
      open
      title={m.addKey}
      onCancel={onClose}
      confirmLoading={create.isPending}
      onOk={() =>
        saveForm(
          form,
          (v) => create.mutateAsync(v),
          (r) => {
            onClose();
            showOnce({ title: m.keyTitle, text: m.keyText, copy: m.copy, secret: r.key, testId: 'site-key' });
          },
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="siteKey">
        <Form.Item name="name" label={m.name} rules={[zodRule(SiteKeyCreateBody.shape.name)]}>
          <Input maxLength={60} placeholder={m.namePlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const cidrLine = SiteKeyLimitsBody.shape.allowedCidrs.element;
const linesOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A key's own calls a minute and the address ranges it may be used from. */
function LimitsDialog({ siteKey, onClose }: { siteKey: SiteKey; onClose(): void }) {
  const m = useSiteKeyMessages();
  const [form] = Form.useForm<{ ratePerMinute: number | null; cidrs: string }>();
  const limits = useSiteKeyLimits();
  const saveForm = useFormSave();
  return (
    <Modal
      open
      title={fill(m.limitsTitle, { name: siteKey.name })}
      onCancel={onClose}
      confirmLoading={limits.isPending}
      onOk={() =>
        saveForm(form, (v) => limits.mutateAsync({ id: siteKey.id, ratePerMinute: v.ratePerMinute ?? null, allowedCidrs: linesOf(v.cidrs) }), onClose)
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="siteKeyLimits" initialValues={{ ratePerMinute: siteKey.ratePerMinute, cidrs: siteKey.allowedCidrs.join('\n') }}>
        <Form.Item name="ratePerMinute" label={m.rate} extra={fill(m.rateHelp, { max: SITE_KEY_RATE.toLocaleString() })}>
          <InputNumber min={1} max={SITE_KEY_RATE} precision={0} style={{ width: 200 }} placeholder={fill(m.ratePlaceholder, { max: SITE_KEY_RATE })} />
        </Form.Item>
        <Form.Item
          name="cidrs"
          label={m.cidrs}
          extra={m.cidrsHelp}
          rules={[
            {
              validator: async (_, text: string | undefined) => {
                const bad = linesOf(text).find((l) => !cidrLine.safeParse(l).success);
                if (bad) throw new Error(fill(m.cidrInvalid, { value: bad }));
              },
            },
          ]}
        >
          <Input.TextArea rows={4} placeholder={m.cidrsPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
