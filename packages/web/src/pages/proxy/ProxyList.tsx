import { App, Button, Card, Dropdown, Form, Input, Space, Tag } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { Agent, AgentListQuery } from '@waystation/shared/contract/proxy';
import { AccountStatus } from '@waystation/shared/vocab/account';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabOptions } from '../../components/list/vocabOptions';
import { useVerify } from '../../components/verify/useVerify';
import { formatMoney } from '../../components/money';
import { modifyAgentStatus, useAgents, useInvalidateProxy } from './api';
import { useProxyMessages } from './messages';
import { agentPageAgentListCall } from '@waystation/shared/contract/proxy';

export const STATUS_COLOR: Record<string, string> = { activity: 'green', disabled: 'orange', stop: 'default', deleted: 'red' };

/** proxy/ProxyList: agents with filters in the URL; status change with modify_agent_status verification. */
export default function ProxyList() {
  const t = useT();
  const m = useProxyMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const list = useListPage(
    (query): Partial<AgentListQuery> => ({ agentName: query.agentName, email: query.email, status: query.status as AgentListQuery['status'] }),
  );
  const [run, holder] = useVerify();
  const invalidate = useInvalidateProxy();
  const agents = useAgents(list.params);

  const changeStatus = (a: Agent, status: Agent['status']) =>
    modal.confirm({
      title: m.changeStatus,
      content: fill(m.statusConfirm, { name: a.agentName, status: AccountStatus.label(status, lang) }),
      okButtonProps: { danger: status !== 'activity' },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        void run('modify_agent_status', a.id, (h) => modifyAgentStatus({ id: a.id, status }, h)).then(
          async (res) => {
            if (res === undefined) return;
            message.success(t('common.success'));
            await invalidate();
          },
          () => undefined,
        );
      },
    });

  const columns: ResizableColumn<Agent>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'agentName', title: m.agentName, dataIndex: 'agentName', width: 160 },
    { key: 'contactName', title: m.contactName, dataIndex: 'contactName', width: 120 },
    { key: 'email', title: m.email, dataIndex: 'email', width: 190 },
    { key: 'phone', title: m.phone, dataIndex: 'phone', width: 140 },
    { key: 'rebate', title: m.rebate, dataIndex: 'rebate', width: 110 },
    { key: 'members', title: m.members, dataIndex: 'memberCount', width: 80 },
    { key: 'commission', title: m.commission, width: 130, render: (_, r) => formatMoney(r.commissionBalance, r.currency) },
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
      width: 230,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => navigate(`/proxyManage/detail?id=${r.id}`)}>
            {t('common.detail')}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/proxyManage/manage?id=${r.id}`)}>
            {m.manage}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: AccountStatus.values.filter((s) => s !== r.status).map((s) => ({ key: s, label: AccountStatus.label(s, lang), danger: s === 'deleted' })),
              onClick: ({ key }) => changeStatus(r, key as Agent['status']),
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
      <ListPage<Agent>
        list={list}
        result={agents}
        columns={columns}
        exportAs={{ call: agentPageAgentListCall, name: m.exportName }}
        toolbar={
          <Button icon={<PlusOutlined />} onClick={() => navigate('/proxyManage/manage')}>
            {m.createAgent}
          </Button>
        }
      >
        <Form.Item name="agentName" label={m.agentName}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="email" label={m.email}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={vocabOptions(AccountStatus, lang)} />
      </ListPage>
      {holder}
    </Card>
  );
}
