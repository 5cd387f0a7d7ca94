import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Modal, Space, Typography } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import { PlusOutlined } from '@ant-design/icons';
import { type SiteKey, SiteKeyCreateBody } from '@waystation/shared/contract/notification';
import { zodRule } from '../../components/zodRule';
import { fill } from '../../i18n';
import { formatTime } from '../../utils/time';
import { nextStatus, StatusTag, useConfirmedAction } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';
import { useShowOnce } from './showOnce';
import { useCreateSiteKey, useSiteKeyStatus, useSiteKeys } from './api';
import { useSiteKeyMessages } from './messages';

/** 系统管理 › 站点密钥: the keys member sites' servers call the member API with (server to server). */
export default function SiteKeyList() {
  const m = useSiteKeyMessages();
  const keys = useSiteKeys();
  const status = useSiteKeyStatus();
  const confirm = useConfirmedAction();
  const [creating, setCreating] = useState(false);
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
            key: 'actions',
            title: m.actions,
            render: (_, k) => (
              <Button
                type="link"
                size="small"
                danger={k.status === 'activity'}
                onClick={() =>
                  confirm({
                    title: k.status === 'activity' ? m.disable : m.enable,
                    content: fill(m.confirmStatus, { action: k.status === 'activity' ? m.disable : m.enable, name: k.name }),
                    danger: k.status === 'activity',
                    run: () => status.mutateAsync({ id: k.id, status: nextStatus(k.status) }),
                  })
                }
              >
                {k.status === 'activity' ? m.disable : m.enable}
              </Button>
            ),
          },
        ]}
      />
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
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
