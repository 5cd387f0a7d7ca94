import { useState } from 'react';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Radio, Select, Space, Switch, Table, Tag, Timeline } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type Agreement, AgreementDetail, AgreementListResult, type AgreementContentBody, type AgreementSaveBody } from '@waystation/shared/contract/config';
import { SaveResult } from '@waystation/shared/contract/reference';
import { request } from '../../api/request';
import { formatTime } from '../../utils/time';
import { showFieldErrors, validValues } from '../../components/zodRule';

const keys = { all: ['agreement'] as const, list: ['agreement', 'list'] as const, detail: (id: number) => ['agreement', 'detail', id] as const };

function useAgreementMutation<B, R>(fn: (b: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }) });
}

/**
 * Agreements of the member terminal: each content change is published as a numbered version; with
 * "members must accept" on, the member site asks members to accept the new version.
 */
export function AgreementManager() {
  const list = useQuery({ queryKey: keys.list, queryFn: () => request('/api/agreement/findByPage', { params: { limit: 200 }, schema: AgreementListResult }) });
  const [editing, setEditing] = useState<Agreement | 'new' | null>(null);
  const [publishing, setPublishing] = useState<Agreement | null>(null);
  return (
    <Card
      title="协议管理"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          新增协议
        </Button>
      }
      style={{ marginTop: 16 }}
    >
      <Table<Agreement>
        rowKey="id"
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'code', title: '代码', dataIndex: 'code' },
          { key: 'title', title: '标题', dataIndex: 'title' },
          { key: 'appId', title: '终端', dataIndex: 'appId', render: (v: number) => (v === 1 ? '会员端' : '代理端') },
          { key: 'currentVersion', title: '当前版本', dataIndex: 'currentVersion', render: (v: number) => (v ? `v${v}` : <Tag color="orange">未发布</Tag>) },
          { key: 'requireAccept', title: '需重新同意', dataIndex: 'requireAccept', render: (v: boolean) => (v ? '是' : '否') },
          {
            key: 'status',
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
          },
          { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', render: formatTime },
          {
            key: 'a',
            title: '操作',
            render: (_, a) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setPublishing(a)}>
                  发布新版本
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(a)}>
                  编辑
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <AgreementModal agreement={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {publishing && <PublishModal agreement={publishing} onClose={() => setPublishing(null)} />}
    </Card>
  );
}

function AgreementModal({ agreement, onClose }: { agreement: Agreement | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AgreementSaveBody>();
  const save = useAgreementMutation((b: AgreementSaveBody) => request('/api/agreement/save', { method: 'POST', body: b, schema: SaveResult }));
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      await save.mutateAsync({ ...v, id: agreement?.id });
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={agreement ? '编辑协议' : '新增协议'} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={agreement ?? { appId: 1, requireAccept: true, status: 'activity', sort: 0 }}>
        <Form.Item name="code" label="代码" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: '请输入协议标题' }]}>
          <Input />
        </Form.Item>
        <Space size="large">
          <Form.Item name="appId" label="终端">
            <Select
              style={{ width: 120 }}
              options={[
                { value: 1, label: '会员端' },
                { value: 2, label: '代理端' },
              ]}
            />
          </Form.Item>
          <Form.Item name="requireAccept" label="新版本需重新同意" valuePropName="checked">
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

function PublishModal({ agreement, onClose }: { agreement: Agreement; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<AgreementContentBody>();
  const detail = useQuery({
    queryKey: keys.detail(agreement.id),
    queryFn: () => request('/api/agreement/fetchAgreementDetail', { params: { id: agreement.id }, schema: AgreementDetail }),
  });
  const publish = useAgreementMutation((b: AgreementContentBody) =>
    request('/api/agreement/saveAgreement', { method: 'POST', body: b, schema: z.object({ version: z.number() }) }),
  );
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    modal.confirm({
      title: '确认发布',
      content: `发布后协议将升级为 v${agreement.currentVersion + 1}${agreement.requireAccept ? '，会员需重新同意后才能继续使用' : ''}。确定发布吗？`,
      onOk: async () => {
        try {
          const r = await publish.mutateAsync({ ...v, id: agreement.id });
          message.success(`操作成功（v${r.version}）`);
          onClose();
        } catch (e) {
          showFieldErrors(form, e);
        }
      },
    });
  };
  return (
    <Modal
      open
      width={820}
      title={`发布「${agreement.title}」新版本`}
      onOk={submit}
      okText="发布"
      onCancel={onClose}
      confirmLoading={publish.isPending}
      destroyOnHidden
    >
      {detail.data && (
        <Form form={form} layout="vertical" initialValues={{ content: detail.data.content, changeNote: '' }}>
          <Form.Item name="content" label="协议内容（Markdown）" rules={[{ required: true, message: '请输入协议内容' }]}>
            <Input.TextArea rows={14} />
          </Form.Item>
          <Form.Item name="changeNote" label="变更说明">
            <Input />
          </Form.Item>
        </Form>
      )}
      {!!detail.data?.versions.length && (
        <Timeline
          items={detail.data.versions.map((v) => ({
            children: `v${v.version} · ${v.publishedBy} · ${formatTime(v.createTime)}${v.changeNote ? ` · ${v.changeNote}` : ''}`,
          }))}
        />
      )}
    </Modal>
  );
}
