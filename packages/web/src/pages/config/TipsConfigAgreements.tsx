import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Radio, Select, Space, Switch, Tag, Timeline } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import { PlusOutlined } from '@ant-design/icons';
import {
  type Agreement,
  type AgreementContentBody,
  type AgreementSaveBody,
  agreementFindByPageCall,
  agreementSaveCall,
  agreementFetchAgreementDetailCall,
  agreementSaveAgreementCall,
} from '@waystation/shared/contract/config';
import { call } from '../../api/request';
import { formatTime } from '../../utils/time';
import { showFieldErrors, validValues } from '../../components/zodRule';
import { useConfigMessages } from './messages';
import { fill } from '../../i18n';
import { StatusTag, useStatusOptions } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';

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
  const m = useConfigMessages();
  const list = useQuery({ queryKey: keys.list, queryFn: () => call(agreementFindByPageCall, { limit: 200 }) });
  const [editing, setEditing] = useState<Agreement | 'new' | null>(null);
  const [publishing, setPublishing] = useState<Agreement | null>(null);
  return (
    <Card
      title={m.agreements}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {m.addAgreement}
        </Button>
      }
      style={{ marginTop: 16 }}
    >
      <ResizableTable<Agreement>
        rowKey="id"
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'code', title: m.code, dataIndex: 'code' },
          { key: 'title', title: m.title, dataIndex: 'title' },
          { key: 'appId', title: m.terminal, dataIndex: 'appId', render: (v: number) => (v === 1 ? m.memberSite : m.agentTerminal) },
          {
            key: 'currentVersion',
            title: m.currentVersion,
            dataIndex: 'currentVersion',
            render: (v: number) => (v ? `v${v}` : <Tag color="orange">{m.unpublished}</Tag>),
          },
          { key: 'requireAccept', title: m.consentAgain, dataIndex: 'requireAccept', render: (v: boolean) => (v ? m.yes : m.no) },
          {
            key: 'status',
            title: m.status,
            dataIndex: 'status',
            render: (s: string) => <StatusTag status={s} />,
          },
          { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', render: formatTime },
          {
            key: 'a',
            title: m.actions,
            render: (_, a) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setPublishing(a)}>
                  {m.publishAVersion}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(a)}>
                  {m.edit}
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
  const m = useConfigMessages();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<AgreementSaveBody>();
  const save = useAgreementMutation((b: AgreementSaveBody) => call(agreementSaveCall, b));
  const saveForm = useFormSave();
  const submit = () => saveForm(form, (v) => save.mutateAsync({ ...v, id: agreement?.id }), onClose);
  return (
    <Modal open title={agreement ? m.editAgreement : m.addAgreement} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={agreement ?? { appId: 1, requireAccept: true, status: 'activity', sort: 0 }}>
        <Form.Item name="code" label={m.code} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Form.Item name="title" label={m.title} rules={[{ required: true, message: m.enterTheAgreementTitle }]}>
          <Input />
        </Form.Item>
        <Space size="large">
          <Form.Item name="appId" label={m.terminal}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: 1, label: m.memberSite },
                { value: 2, label: m.agentTerminal },
              ]}
            />
          </Form.Item>
          <Form.Item name="requireAccept" label={m.newVersionNeedsConsent} valuePropName="checked">
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

function PublishModal({ agreement, onClose }: { agreement: Agreement; onClose: () => void }) {
  const m = useConfigMessages();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<AgreementContentBody>();
  const detail = useQuery({
    queryKey: keys.detail(agreement.id),
    queryFn: () => call(agreementFetchAgreementDetailCall, { id: agreement.id }),
  });
  const publish = useAgreementMutation((b: AgreementContentBody) => call(agreementSaveAgreementCall, b));
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    modal.confirm({
      title: m.confirmPublishing,
      content: fill(m.publishConfirm, { version: agreement.currentVersion + 1, consent: agreement.requireAccept ? m.membersMustConsentAgain : '' }),
      onOk: async () => {
        try {
          const r = await publish.mutateAsync({ ...v, id: agreement.id });
          message.success(fill(m.doneVersion, { version: r.version }));
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
      title={fill(m.publishTitle, { title: agreement.title })}
      onOk={submit}
      okText={m.publish}
      onCancel={onClose}
      confirmLoading={publish.isPending}
      destroyOnHidden
    >
      {detail.data && (
        <Form form={form} layout="vertical" initialValues={{ content: detail.data.content, changeNote: '' }}>
          <Form.Item name="content" label={m.agreementTextMarkdown} rules={[{ required: true, message: m.enterTheAgreementText }]}>
            <Input.TextArea rows={14} />
          </Form.Item>
          <Form.Item name="changeNote" label={m.whatChanged}>
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
