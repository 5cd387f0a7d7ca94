import { useNavigate } from 'react-router';
import { Avatar, Button, Card, Form, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PaymentGateway, PaymentProvider } from '@waystation/shared/vocab/config-content';
import type { PaymentChannel } from '@waystation/shared/contract/payment';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { useChannelStatus } from './api';
import { usePaymentMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';
import { fill, useLang } from '../../i18n';
import { StatusTag, StatusToggle, useStatusOptions } from '../../components/list/status';
import { paymentChannelPageListCall } from '@waystation/shared/contract/payment';

/** Payment channels: provider, currencies, fees, limits, countries, status. */
export default function ChannelList() {
  const m = usePaymentMessages();
  const statusOptions = useStatusOptions();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage((query) => ({
    keyword: query.keyword,
    providerType: query.providerType as PaymentChannel['providerType'] | undefined,
    status: query.status as 'activity' | 'disabled' | undefined,
  }));
  const channels = useListCall(paymentChannelPageListCall, list.params);
  const status = useChannelStatus();
  const limits = (c: PaymentChannel) =>
    `${c.minAmount ? minorToDecimal(c.minAmount) : '0'} ~ ${c.maxAmount ? minorToDecimal(c.maxAmount) : m.noLimit} ${c.currency}`;
  const columns: ResizableColumn<PaymentChannel>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 60 },
    {
      key: 'name',
      title: m.channelName,
      width: 200,
      render: (_, c) => (
        <Space>
          {c.logo && <Avatar shape="square" src={c.logo} size="small" />}
          {c.name}
        </Space>
      ),
    },
    { key: 'providerType', title: m.providerType, dataIndex: 'providerType', width: 110, render: (v: string) => PaymentProvider.label(v, lang) },
    { key: 'gateway', title: m.paymentGateway, dataIndex: 'gateway', width: 110, render: (g: string) => (g ? PaymentGateway.label(g, lang) : m.none) },
    { key: 'currencies', title: m.currencies, dataIndex: 'currencies', width: 180, render: (cs: string[]) => cs.map((c) => <Tag key={c}>{c}</Tag>) },
    { key: 'fee', title: m.fee, width: 150, render: (_, c) => `${c.feeBp / 100}% + ${minorToDecimal(c.fixedFee)} ${c.currency}` },
    { key: 'limits', title: m.amountLimits, width: 180, render: (_, c) => limits(c) },
    { key: 'countries', title: m.country, dataIndex: 'countries', width: 140, render: (cs: string[]) => (cs.length ? cs.join(', ') : m.all) },
    { key: 'ruleCount', title: m.rules, dataIndex: 'ruleCount', width: 80 },
    { key: 'sort', title: m.sort, dataIndex: 'sort', width: 70 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 80,
      render: (s: string) => <StatusTag status={s} />,
    },
    { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: m.actions,
      width: 140,
      fixed: 'right',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/paymentManage/channelConfig?id=${c.id}`)}>
            {m.edit}
          </Button>
          <StatusToggle
            status={c.status}
            labels={m}
            title={m.ok}
            content={(action, next) =>
              fill(m.confirmChannelStatus, { action, name: c.name }) + (next === 'disabled' && c.ruleCount ? fill(m.channelInUse, { n: c.ruleCount }) : '')
            }
            run={(next) => status.mutateAsync({ id: c.id, status: next })}
          />
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <ListPage<PaymentChannel>
        list={list}
        result={channels}
        columns={columns}
        exportAs={{ call: paymentChannelPageListCall, name: m.exportChannels }}
        toolbar={
          <Button icon={<PlusOutlined />} onClick={() => navigate('/paymentManage/channelConfig')}>
            {m.addChannel}
          </Button>
        }
      >
        <Form.Item name="keyword" label={m.name}>
          <Input allowClear />
        </Form.Item>
        <FilterSelect name="providerType" label={m.providerType} options={vocabOptions(PaymentProvider, lang)} width={130} />
        <FilterSelect name="status" label={m.status} options={statusOptions} />
      </ListPage>
    </Card>
  );
}
