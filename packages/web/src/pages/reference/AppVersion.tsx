import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Modal, Radio, Row, Select, Space, Statistic, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { urlText } from '@waystation/shared/rules';
import { AppPlatform } from '@waystation/shared/vocab/config-content';
import type { AppVersion as Version, AppVersionSaveBody } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { useSaveVersion, useVersions } from './api';

/** App versions: the latest per platform, and every release with force-update flag and notes. */
export default function AppVersion() {
  const info = useVersions();
  const [editing, setEditing] = useState<Version | 'new' | null>(null);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={12}>
        {AppPlatform.entries.map((p) => {
          const v = info.data?.latest[p.value];
          return (
            <Col key={p.value} xs={12} md={6}>
              <Card size="small">
                <Statistic title={`${p.zh} 最新版本`} value={v?.version ?? '—'} suffix={v?.forceUpdate ? <Tag color="red">强制更新</Tag> : null} />
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card
        title="版本列表"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            发布新版本
          </Button>
        }
      >
        <Table<Version>
          rowKey="id"
          dataSource={info.data?.list}
          loading={info.isFetching}
          columns={[
            { key: 'platform', title: '平台', dataIndex: 'platform', render: (v: string) => AppPlatform.label(v) },
            { key: 'version', title: '版本号', dataIndex: 'version' },
            { key: 'forceUpdate', title: '强制更新', dataIndex: 'forceUpdate', render: (v: boolean) => (v ? <Tag color="red">是</Tag> : '否') },
            { key: 'releaseNotes', title: '更新说明', dataIndex: 'releaseNotes', ellipsis: true },
            { key: 'downloadUrl', title: '下载地址', dataIndex: 'downloadUrl', ellipsis: true },
            {
              key: 'status',
              title: '状态',
              dataIndex: 'status',
              render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
            },
            { key: 'createTime', title: '发布时间', dataIndex: 'createTime', render: formatTime },
            {
              key: 'actions',
              title: '操作',
              render: (_, v) => (
                <Button type="link" size="small" onClick={() => setEditing(v)}>
                  编辑
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
  const { message } = App.useApp();
  const [form] = Form.useForm<AppVersionSaveBody>();
  const save = useSaveVersion();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      await save.mutateAsync({ ...v, id: version?.id, downloadUrl: v.downloadUrl ?? '' });
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={version ? '编辑版本' : '发布新版本'} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={version ?? { platform: 'android', forceUpdate: false, status: 'activity' }}>
        <Space>
          <Form.Item name="platform" label="平台">
            <Select style={{ width: 140 }} disabled={!!version} options={AppPlatform.entries.map((e) => ({ value: e.value, label: e.zh }))} />
          </Form.Item>
          <Form.Item name="version" label="版本号" rules={[{ required: true, message: '请输入' }]}>
            <Input placeholder="1.2.3" disabled={!!version} />
          </Form.Item>
        </Space>
        <Form.Item name="downloadUrl" label="下载地址" rules={[zodRule(urlText.optional(), { emptyAsUndefined: true })]}>
          <Input />
        </Form.Item>
        <Form.Item name="releaseNotes" label="更新说明">
          <Input.TextArea rows={4} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="forceUpdate" label="强制更新" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: 'activity', label: '启用' },
                { value: 'disabled', label: '禁用' },
              ]}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
