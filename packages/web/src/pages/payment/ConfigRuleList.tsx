import { useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PaymentScenario } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import type { PaymentRule } from '@waystation/shared/contract/payment';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterBar } from '../../components/list/FilterBar';
import { ListTable } from '../../components/list/ListTable';
import { useDeleteRule, useRuleOptions, useRuleStatus, useRules } from './api';
import { RulePreview } from './RulePreview';

/** Payment rules per scenario in priority order, with a preview of what a member sees. */
export default function ConfigRuleList() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const filters = {
    keyword: query.keyword,
    scenario: query.scenario as PaymentRule['scenario'] | undefined,
    status: query.status as 'activity' | 'disabled' | undefined,
  };
  const list = useRules({ page, limit, ...filters });
  const options = useRuleOptions();
  const status = useRuleStatus();
  const del = useDeleteRule();
  useFormFromQuery(form, filters);
  const names = (ids: number[], from?: { id: number; name: string }[]) =>
    ids.length ? ids.map((id) => from?.find((x) => x.id === id)?.name ?? `#${id}`).join('、') : '全部';
  const toggle = (r: PaymentRule) => {
    const next = r.status === 'activity' ? 'disabled' : 'activity';
    modal.confirm({
      title: '确认',
      content: `确定要${next === 'activity' ? '启用' : '禁用'}规则「${r.name}」吗？`,
      okButtonProps: { danger: next === 'disabled' },
      onOk: async () => {
        await status.mutateAsync({ id: r.id, status: next });
        message.success('操作成功');
      },
    });
  };
  const remove = (r: PaymentRule) =>
    modal.confirm({
      title: '确认删除',
      content: `确定删除规则「${r.name}」吗？`,
      okButtonProps: { danger: true },
      onOk: async () => {
        await del.mutateAsync(r.id);
        message.success('操作成功');
      },
    });
  const columns: ResizableColumn<PaymentRule>[] = [
    { key: 'priority', title: '优先级', dataIndex: 'priority', width: 80 },
    { key: 'name', title: '规则名称', dataIndex: 'name', width: 180 },
    { key: 'scenario', title: '场景', dataIndex: 'scenario', width: 100, render: (v: string) => PaymentScenario.label(v) },
    { key: 'agents', title: '代理', dataIndex: 'agentIds', width: 140, render: (ids: number[]) => names(ids, options.data?.agents) },
    { key: 'levels', title: '会员等级', dataIndex: 'levelIds', width: 140, render: (ids: number[]) => names(ids, options.data?.levels) },
    {
      key: 'amount',
      title: '金额范围',
      width: 160,
      render: (_, r) => `${minorToDecimal(r.minAmount)} ~ ${r.maxAmount ? minorToDecimal(r.maxAmount) : '不限'} ${r.currency}`,
    },
    {
      key: 'channels',
      title: '支付渠道（顺序）',
      dataIndex: 'channelNames',
      width: 260,
      render: (ns: string[]) =>
        ns.map((n, i) => (
          <Tag key={i}>
            {i + 1}. {n}
          </Tag>
        )),
    },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
    },
    { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: '操作',
      width: 220,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/paymentManage/config-rule-detail?id=${r.id}`)}>
            详情
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/paymentManage/config-rule-operate?id=${r.id}`)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => toggle(r)}>
            {r.status === 'activity' ? '禁用' : '启用'}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <FilterBar
          form={form}
          onSearch={setFilters}
          extra={
            <Button icon={<PlusOutlined />} onClick={() => navigate('/paymentManage/config-rule-operate')}>
              新增规则
            </Button>
          }
        >
          <Form.Item name="keyword" label="名称">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="scenario" label="场景">
            <Select allowClear style={{ width: 130 }} placeholder="全部" options={PaymentScenario.entries.map((e) => ({ value: e.value, label: e.zh }))} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              style={{ width: 110 }}
              placeholder="全部"
              options={[
                { value: 'activity', label: '启用' },
                { value: 'disabled', label: '禁用' },
              ]}
            />
          </Form.Item>
        </FilterBar>
        <ListTable<PaymentRule>
          columns={columns}
          rows={list.data?.list}
          total={list.data?.total}
          loading={list.isFetching}
          page={page}
          limit={limit}
          onPage={setPage}
        />
      </Card>
      <RulePreview />
    </Space>
  );
}
