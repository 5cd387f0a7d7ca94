import { useNavigate } from 'react-router';
import { App, Avatar, Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PaymentProvider } from '@waystation/shared/vocab/config-content';
import type { PaymentChannel } from '@waystation/shared/contract/payment';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterBar } from '../../components/list/FilterBar';
import { ListTable } from '../../components/list/ListTable';
import { useChannelStatus, useChannels } from './api';

/** Payment channels: provider, currencies, fees, limits, countries, status. */
export default function ChannelList() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const filters = {
    keyword: query.keyword,
    providerType: query.providerType as PaymentChannel['providerType'] | undefined,
    status: query.status as 'activity' | 'disabled' | undefined,
  };
  const list = useChannels({ page, limit, ...filters });
  const status = useChannelStatus();
  useFormFromQuery(form, filters);
  const toggle = (c: PaymentChannel) => {
    const next = c.status === 'activity' ? 'disabled' : 'activity';
    modal.confirm({
      title: '确认',
      okButtonProps: { danger: next === 'disabled' },
      content: `确定要${next === 'activity' ? '启用' : '禁用'}支付渠道「${c.name}」吗？${next === 'disabled' && c.ruleCount ? `它正被 ${c.ruleCount} 条启用的支付规则使用，禁用后会员将看不到它。` : ''}`,
      onOk: async () => {
        await status.mutateAsync({ id: c.id, status: next });
        message.success('操作成功');
      },
    });
  };
  const limits = (c: PaymentChannel) =>
    `${c.minAmount ? minorToDecimal(c.minAmount) : '0'} ~ ${c.maxAmount ? minorToDecimal(c.maxAmount) : '不限'} ${c.currency}`;
  const columns: ResizableColumn<PaymentChannel>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 60 },
    {
      key: 'name',
      title: '渠道名称',
      width: 200,
      render: (_, c) => (
        <Space>
          {c.logo && <Avatar shape="square" src={c.logo} size="small" />}
          {c.name}
        </Space>
      ),
    },
    { key: 'providerType', title: '支付类型', dataIndex: 'providerType', width: 110, render: (v: string) => PaymentProvider.label(v) },
    { key: 'currencies', title: '币种', dataIndex: 'currencies', width: 180, render: (cs: string[]) => cs.map((c) => <Tag key={c}>{c}</Tag>) },
    { key: 'fee', title: '手续费', width: 150, render: (_, c) => `${c.feeBp / 100}% + ${minorToDecimal(c.fixedFee)} ${c.currency}` },
    { key: 'limits', title: '金额限制', width: 180, render: (_, c) => limits(c) },
    { key: 'countries', title: '国家', dataIndex: 'countries', width: 140, render: (cs: string[]) => (cs.length ? cs.join(', ') : '全部') },
    { key: 'ruleCount', title: '规则数', dataIndex: 'ruleCount', width: 80 },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
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
      width: 140,
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/paymentManage/channelConfig?id=${c.id}`)}>
            编辑
          </Button>
          <Button type="link" size="small" danger={c.status === 'activity'} onClick={() => toggle(c)}>
            {c.status === 'activity' ? '禁用' : '启用'}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <FilterBar
        form={form}
        onSearch={setFilters}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => navigate('/paymentManage/channelConfig')}>
            新增渠道
          </Button>
        }
      >
        <Form.Item name="keyword" label="名称">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="providerType" label="支付类型">
          <Select allowClear style={{ width: 130 }} placeholder="全部" options={PaymentProvider.entries.map((e) => ({ value: e.value, label: e.zh }))} />
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
      <ListTable<PaymentChannel>
        columns={columns}
        rows={list.data?.list}
        total={list.data?.total}
        loading={list.isFetching}
        page={page}
        limit={limit}
        onPage={setPage}
      />
    </Card>
  );
}
