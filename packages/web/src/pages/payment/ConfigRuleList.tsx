import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PaymentScenario } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import type { PaymentRule } from '@waystation/shared/contract/payment';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { useDeleteRule, useRuleOptions, useRuleStatus } from './api';
import { RulePreview } from './RulePreview';
import { usePaymentMessages } from './messages';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { exportColumnsOf } from '../../components/list/ExportButton';
import { fill, useLang } from '../../i18n';
import { StatusTag, StatusToggle, useConfirmedAction, useStatusOptions } from '../../components/list/status';
import { paymentRulePageListCall } from '@waystation/shared/contract/payment';

/** Payment rules per scenario in priority order, with a preview of what a member sees. */
export default function ConfigRuleList() {
  const m = usePaymentMessages();
  const statusOptions = useStatusOptions();
  const lang = useLang((s) => s.lang);
  const confirm = useConfirmedAction();
  const navigate = useNavigate();
  const list = useListPage((query) => ({
    keyword: query.keyword,
    scenario: query.scenario as PaymentRule['scenario'] | undefined,
    status: query.status as 'activity' | 'disabled' | undefined,
  }));
  const rules = useListCall(paymentRulePageListCall, list.params);
  const options = useRuleOptions();
  const status = useRuleStatus();
  const del = useDeleteRule();
  const idNames = (from?: { id: number; name: string }[]) => Object.fromEntries((from ?? []).map((x) => [String(x.id), x.name]));
  const names = (ids: number[], from?: { id: number; name: string }[]) =>
    ids.length ? ids.map((id) => from?.find((x) => x.id === id)?.name ?? `#${id}`).join('、') : m.all;
  const remove = (r: PaymentRule) =>
    confirm({ title: m.confirmDeletion, content: fill(m.confirmRuleDelete, { name: r.name }), danger: true, run: () => del.mutateAsync(r.id) });
  const columns: ResizableColumn<PaymentRule>[] = [
    { key: 'priority', title: m.priority, dataIndex: 'priority', width: 80 },
    { key: 'name', title: m.ruleName, dataIndex: 'name', width: 180 },
    {
      key: 'scenario',
      title: m.scenario,
      dataIndex: 'scenario',
      width: 100,
      render: (v: string) => PaymentScenario.label(v, lang),
      exportAs: { labels: vocabLabels(PaymentScenario, lang) },
    },
    {
      key: 'agents',
      title: m.agents,
      dataIndex: 'agentIds',
      width: 140,
      render: (ids: number[]) => names(ids, options.data?.agents),
      exportAs: { labels: idNames(options.data?.agents) },
    },
    {
      key: 'levels',
      title: m.memberLevels,
      dataIndex: 'levelIds',
      width: 140,
      render: (ids: number[]) => names(ids, options.data?.levels),
      exportAs: { labels: idNames(options.data?.levels) },
    },
    {
      key: 'amount',
      title: m.amountRange,
      width: 160,
      render: (_, r) => `${minorToDecimal(r.minAmount)} ~ ${r.maxAmount ? minorToDecimal(r.maxAmount) : m.noLimit} ${r.currency}`,
    },
    {
      key: 'channels',
      title: m.paymentChannelsOrder,
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
      title: m.status,
      dataIndex: 'status',
      width: 80,
      render: (s: string) => <StatusTag status={s} />,
      exportAs: { labels: { activity: m.enabled, disabled: m.disabled } },
    },
    { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    {
      key: 'actions',
      title: m.actions,
      width: 220,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/paymentManage/config-rule-detail?id=${r.id}`)}>
            {m.detail}
          </Button>
          <Button type="link" size="small" onClick={() => navigate(`/paymentManage/config-rule-operate?id=${r.id}`)}>
            {m.edit}
          </Button>
          <StatusToggle
            status={r.status}
            labels={m}
            title={m.ok}
            content={(action) => fill(m.confirmRuleStatus, { action, name: r.name })}
            run={(next) => status.mutateAsync({ id: r.id, status: next })}
            plain
          />
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            {m.delete}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card>
        <ListPage<PaymentRule>
          list={list}
          result={rules}
          columns={columns}
          exportAs={{
            call: paymentRulePageListCall,
            name: m.exportRules,
            columns: [
              ...exportColumnsOf(columns),
              { title: m.minAmountPlain, field: 'minAmount', kind: 'money' },
              { title: m.maxAmountPlain, field: 'maxAmount', kind: 'money' },
              { title: m.currency, field: 'currency' },
            ],
          }}
          toolbar={
            <Space>
              <Button icon={<PlusOutlined />} onClick={() => navigate('/paymentManage/config-rule-operate')}>
                {m.addRule}
              </Button>
            </Space>
          }
        >
          <Form.Item name="keyword" label={m.name}>
            <Input allowClear />
          </Form.Item>
          <FilterSelect name="scenario" label={m.scenario} options={vocabOptions(PaymentScenario, lang)} width={130} />
          <FilterSelect name="status" label={m.status} options={statusOptions} />
        </ListPage>
      </Card>
      <RulePreview />
    </Space>
  );
}
