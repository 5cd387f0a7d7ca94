import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { userPageUserListCall, SaveAgentUserBody, type AgentUser } from '@waystation/shared/contract/proxy';
import { AccountStatus } from '@waystation/shared/vocab/account';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { vocabOptions } from '../../components/list/vocabOptions';
import { zodRule } from '../../components/zodRule';
import { modifyAgentUserStatus, saveAgentAppUser, saveAgentUser, useAgentSearch, useInvalidateProxy } from './api';
import { useProxyMessages } from './messages';
import { STATUS_COLOR } from './ProxyList';
import { useFormSave } from '../../components/list/useFormSave';

/** proxy/AgentUserList: users of the agents' terminal (pageUserList, saveAgentUser, modifyAgentUserStatus). */
export default function AgentUserList() {
  const t = useT();
  const m = useProxyMessages();
  const lang = useLang((s) => s.lang);
  const { modal, message } = App.useApp();
  const saveForm = useFormSave();
  const invalidate = useInvalidateProxy();
  const list = useListPage((query) => ({ agentId: query.agentId ? Number(query.agentId) : undefined, username: query.username, status: query.status }));
  const [editForm] = Form.useForm();
  const [editing, setEditing] = useState<AgentUser | 'new' | null>(null);
  const [appOf, setAppOf] = useState<AgentUser | null>(null);
  const [appForm] = Form.useForm<Record<string, string>>();
  const [keyword, setKeyword] = useState('');
  const agentsFound = useAgentSearch(keyword);
  const users = useListCall(userPageUserListCall, list.params);
  const save = useMutation({ mutationFn: saveAgentUser, onSuccess: invalidate });

  const agentOptions = agentsFound.data?.map((a) => ({ value: a.id, label: a.agentName })) ?? [];
  const columns: ResizableColumn<AgentUser>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'username', title: m.username, dataIndex: 'username', width: 150 },
    { key: 'name', title: m.name, dataIndex: 'name', width: 130 },
    { key: 'email', title: m.email, dataIndex: 'email', width: 200 },
    { key: 'agent', title: m.agent, dataIndex: 'agentName', width: 150 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AccountStatus.label(s, lang)}</Tag>,
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 280,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => (editForm.setFieldsValue(r), setKeyword(r.agentName), setEditing(r))}>
            {t('common.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => (appForm.setFieldsValue({ language: '', timezone: '', notifyEmail: '', ...r.app }), setAppOf(r))}>
            {m.appSettings}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: AccountStatus.values.filter((s) => s !== r.status).map((s) => ({ key: s, label: AccountStatus.label(s, lang), danger: s === 'deleted' })),
              onClick: ({ key }) =>
                modal.confirm({
                  title: m.changeStatus,
                  content: `${r.username} → ${AccountStatus.label(key, lang)}`,
                  okText: t('common.confirm'),
                  cancelText: t('common.cancel'),
                  onOk: async () => {
                    await modifyAgentUserStatus({ id: r.id, status: key as AgentUser['status'] });
                    message.success(t('common.success'));
                    await invalidate();
                  },
                }),
            }}
          >
            <Button type="link" size="small">
              {m.changeStatus} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<AgentUser>
        list={list}
        result={users}
        columns={columns}
        exportAs={{ call: userPageUserListCall, name: m.exportUsers }}
        toolbar={
          <Button icon={<PlusOutlined />} onClick={() => (editForm.resetFields(), setEditing('new'))}>
            {m.createUser}
          </Button>
        }
      >
        <Form.Item name="agentId" label={m.agent}>
          <Select
            allowClear
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            style={{ width: 170 }}
            placeholder={t('common.all')}
            options={agentOptions}
          />
        </Form.Item>
        <Form.Item name="username" label={m.username}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={vocabOptions(AccountStatus, lang)} />
      </ListPage>
      <Modal
        open={!!editing}
        forceRender
        title={editing === 'new' ? m.createUser : m.editUser}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onCancel={() => setEditing(null)}
        onOk={() =>
          saveForm(
            editForm,
            (v) => save.mutateAsync({ ...v, id: editing === 'new' || !editing ? undefined : editing.id }),
            () => setEditing(null),
          )
        }
      >
        <Form form={editForm} layout="vertical">
          <Form.Item name="agentId" label={m.agent} rules={[{ required: true, message: m.agentRequired }]}>
            <Select showSearch filterOption={false} onSearch={setKeyword} options={agentOptions} />
          </Form.Item>
          <Form.Item name="username" label={m.username} rules={[zodRule(SaveAgentUserBody.shape.username)]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="name" label={m.name}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="email" label={m.email} rules={[zodRule(SaveAgentUserBody.shape.email)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!appOf}
        forceRender
        title={`${m.appSettings} · ${appOf?.username ?? ''}`}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onCancel={() => setAppOf(null)}
        onOk={() =>
          saveForm(
            appForm,
            (v) => saveAgentAppUser({ id: appOf!.id, app: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x ?? '').trim()])) }),
            async () => {
              setAppOf(null);
              await invalidate();
            },
          )
        }
      >
        <Form form={appForm} layout="vertical">
          <Form.Item name="language" label={m.language}>
            <Select
              allowClear
              options={[
                { value: 'zh', label: m.langZh },
                { value: 'en', label: 'English' },
              ]}
            />
          </Form.Item>
          <Form.Item name="timezone" label={m.timezone}>
            <Input placeholder="Asia/Shanghai" maxLength={60} />
          </Form.Item>
          <Form.Item name="notifyEmail" label={m.notifyEmail} rules={[zodRule(SaveAgentUserBody.shape.email)]}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
