import { useState } from 'react';
import { Button, Card, Col, Form, Input, Modal, Radio, Row, Select, Space, Statistic, Switch, Tag } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import { PlusOutlined } from '@ant-design/icons';
import { urlText } from '@waystation/shared/rules';
import { AppPlatform } from '@waystation/shared/vocab/config-content';
import type { AppVersion as Version, AppVersionSaveBody } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { zodRule } from '../../components/zodRule';
import { useSaveVersion, useVersions } from './api';
import { useReferenceMessages } from './messages';
import { fill, useLang } from '../../i18n';
import { StatusTag, useStatusOptions } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';

/** App versions: the latest per platform, and every release with force-update flag and notes. */
export default function AppVersion() {
  const m = useReferenceMessages();
  const info = useVersions();
  const lang = useLang((s) => s.lang);
  const [editing, setEditing] = useState<Version | 'new' | null>(null);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={12}>
        {AppPlatform.entries.map((p) => {
          const v = info.data?.latest[p.value];
          return (
            <Col key={p.value} xs={12} md={6}>
              <Card size="small">
                <Statistic
                  title={fill(m.latestVersion, { platform: lang === 'en' ? p.en : p.zh })}
                  value={v?.version ?? '—'}
                  suffix={v?.forceUpdate ? <Tag color="red">{m.forcedUpdate}</Tag> : null}
                />
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card
        title={m.versions}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {m.publishAVersion}
          </Button>
        }
      >
        <ResizableTable<Version>
          rowKey="id"
          dataSource={info.data?.list}
          loading={info.isFetching}
          columns={[
            { key: 'platform', title: m.platform, dataIndex: 'platform', render: (v: string) => AppPlatform.label(v) },
            { key: 'version', title: m.version, dataIndex: 'version' },
            { key: 'forceUpdate', title: m.forcedUpdate, dataIndex: 'forceUpdate', render: (v: boolean) => (v ? <Tag color="red">{m.yes}</Tag> : m.no) },
            { key: 'releaseNotes', title: m.releaseNotes, dataIndex: 'releaseNotes', ellipsis: true },
            { key: 'downloadUrl', title: m.downloadUrl, dataIndex: 'downloadUrl', ellipsis: true },
            {
              key: 'status',
              title: m.status,
              dataIndex: 'status',
              render: (s: string) => <StatusTag status={s} />,
            },
            { key: 'createTime', title: m.published, dataIndex: 'createTime', render: formatTime },
            {
              key: 'actions',
              title: m.actions,
              render: (_, v) => (
                <Button type="link" size="small" onClick={() => setEditing(v)}>
                  {m.edit}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {editing && <VersionModal version={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Space>
  );
}

function VersionModal({ version, onClose }: { version: Version | null; onClose: () => void }) {
  const m = useReferenceMessages();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<AppVersionSaveBody>();
  const save = useSaveVersion();
  const saveForm = useFormSave();
  const submit = () => saveForm(form, (v) => save.mutateAsync({ ...v, id: version?.id, downloadUrl: v.downloadUrl ?? '' }), onClose);
  return (
    <Modal open title={version ? m.editVersion : m.publishAVersion} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={version ?? { platform: 'android', forceUpdate: false, status: 'activity' }}>
        <Space>
          <Form.Item name="platform" label={m.platform}>
            <Select style={{ width: 140 }} disabled={!!version} options={AppPlatform.entries.map((e) => ({ value: e.value, label: e.zh }))} />
          </Form.Item>
          <Form.Item name="version" label={m.version} rules={[{ required: true, message: m.required }]}>
            <Input placeholder="1.2.3" disabled={!!version} />
          </Form.Item>
        </Space>
        <Form.Item name="downloadUrl" label={m.downloadUrl} rules={[zodRule(urlText.optional(), { emptyAsUndefined: true })]}>
          <Input />
        </Form.Item>
        <Form.Item name="releaseNotes" label={m.releaseNotes}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="forceUpdate" label={m.forcedUpdate} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
