import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { agentTerminalListCall, SaveTerminalItemBody, type TerminalItem, type TerminalSection } from '@waystation/shared/contract/proxy';
import { AccountStatus } from '@waystation/shared/vocab/account';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { zodRule } from '../../components/zodRule';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import type { ResizableColumn } from '../../components/ResizableTable';
import { deleteTerminalItem, saveTerminalItem } from './api';
import { STATUS_COLOR } from './ProxyList';
import { NumberInput } from '../../components/NumberInput';
import { useTerminalMessages } from './messages';
import { LIST_KEY } from '../../api/queryClient';
import { useFormSave } from '../../components/list/useFormSave';

type Msg = ReturnType<typeof useTerminalMessages>;

/** The value fields each agent terminal page keeps (stored as one record per row). */
const FIELDS: Record<TerminalSection, (keyof Msg)[]> = {
  botManage: ['platform', 'channel', 'webhook'],
  serverManage: ['contact', 'account', 'hours'],
  vipManage: ['key', 'value'],
  share: ['title', 'content', 'link'],
};

/** One agent terminal page (system/agent*): rows with a name, page-specific fields, status and sort; real storage. */
export function AgentTerminalPage({ section }: { section: TerminalSection }) {
  const m = useTerminalMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const { modal, message } = App.useApp();
  const saveForm = useFormSave();
  const qc = useQueryClient();
  const list = useListPage(() => ({}));
  const items = useListCall(agentTerminalListCall, { ...list.params, section });
  const [editing, setEditing] = useState<TerminalItem | 'new' | null>(null);
  const [form] = Form.useForm();
  const refresh = () => qc.invalidateQueries({ queryKey: [LIST_KEY, agentTerminalListCall.url] });
  const save = useMutation({ mutationFn: saveTerminalItem, onSuccess: refresh });
  const fields = FIELDS[section];

  return (
    <Card
      extra={
        <Button icon={<PlusOutlined />} onClick={() => (form.setFieldsValue({ name: '', status: 'activity', sort: 0, value: {} }), setEditing('new'))}>
          {m.add}
        </Button>
      }
    >
      <ListPage<TerminalItem>
        list={list}
        result={items}
        columns={[
          { key: 'name', title: m.name, dataIndex: 'name' },
          ...fields.map((f): ResizableColumn<TerminalItem> => ({ key: f, title: m[f], render: (_, r) => r.value[f] ?? '' })),
          { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AccountStatus.label(s, lang)}</Tag> },
          { key: 'sort', title: m.sort, dataIndex: 'sort' },
          { key: 'modifyTime', title: t('common.modifyTime'), dataIndex: 'modifyTime', render: formatTime },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => (form.setFieldsValue(r), setEditing(r))}>
                  {t('common.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: t('common.delete'),
                      content: m.deleteConfirm.replace('{name}', r.name),
                      okButtonProps: { danger: true },
                      okText: t('common.confirm'),
                      cancelText: t('common.cancel'),
                      onOk: async () => {
                        await deleteTerminalItem(r.id);
                        message.success(t('common.success'));
                        await refresh();
                      },
                    })
                  }
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        forceRender
        title={editing === 'new' ? m.add : t('common.edit')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onCancel={() => setEditing(null)}
        onOk={() =>
          saveForm(
            form,
            async (v) => {
              const value = Object.fromEntries(fields.map((f) => [f, String(v.value?.[f] ?? '').trim()]));
              await save.mutateAsync({
                id: editing === 'new' || !editing ? undefined : editing.id,
                section,
                name: v.name,
                status: v.status,
                sort: v.sort ?? 0,
                value,
              });
            },
            () => setEditing(null),
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={m.name} rules={[{ required: true, whitespace: true, message: m.nameRequired }]}>
            <Input maxLength={60} />
          </Form.Item>
          {fields.map((f) => (
            <Form.Item key={f} name={['value', f]} label={m[f]}>
              <Input maxLength={500} />
            </Form.Item>
          ))}
          <Form.Item name="status" label={m.status}>
            <Select options={(['activity', 'disabled'] as const).map((s) => ({ value: s, label: AccountStatus.label(s, lang) }))} />
          </Form.Item>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(SaveTerminalItemBody.shape.sort)]}>
            <NumberInput />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

export const BotManage = () => <AgentTerminalPage section="botManage" />;
export const ServerManage = () => <AgentTerminalPage section="serverManage" />;
export const VipManage = () => <AgentTerminalPage section="vipManage" />;
