import { useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Statistic, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import { DEFAULT_CURRENCY } from '@waystation/shared/contract/ledger';
import type { Withdrawal, WithdrawalListQuery } from '@waystation/shared/contract/finance';
import { withdrawalAccountText, agentSearchByAgentNameCall } from '@waystation/shared/contract/proxy';
import { WithdrawalStatus } from '@waystation/shared/machines/withdrawal';
import { positiveAmount } from '@waystation/shared/rules/index';
import { call } from '../../api/request';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabOptions } from '../../components/list/vocabOptions';
import { zodRule } from '../../components/zodRule';
import { formatMoney } from '../../components/money';
import { createWithdrawal, fetchReconcile, settleCommission, useInvalidateFinance, useWithdrawals } from './api';
import { useFinanceMessages } from './messages';
import { WithdrawalActions } from './WithdrawalActions';
import { useFormSave } from '../../components/list/useFormSave';
import { financeAgentWithdrawalPageListCall } from '@waystation/shared/contract/finance';

export const WITHDRAWAL_COLOR: Record<string, string> = { pending: 'orange', approved: 'blue', rejected: 'red', paid: 'green' };

const searchAgents = (keyword: string) => call(agentSearchByAgentNameCall, { keyword });

/** finance/AgentWithdrawalList: withdrawal requests, totals per status, review and payment, commission settlement. */
export default function AgentWithdrawalList() {
  const t = useT();
  const m = useFinanceMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const saveForm = useFormSave();
  const list = useListPage(
    (query): Partial<WithdrawalListQuery> => ({
      withdrawalNo: query.withdrawalNo,
      agentId: query.agentId ? Number(query.agentId) : undefined,
      status: query.status as WithdrawalListQuery['status'],
      from: query.from,
      to: query.to,
    }),
    (f) => ({ ...f, range: f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null }),
  );
  const [creating, setCreating] = useState<string | null>(null);
  const [createForm] = Form.useForm<{ agentId: number; amount: string; remark: string }>();
  const [agentKeyword, setAgentKeyword] = useState('');
  const agentsFound = useQuery({ queryKey: ['proxy', 'search', agentKeyword], queryFn: () => searchAgents(agentKeyword) });
  const invalidate = useInvalidateFinance();
  const withdrawals = useWithdrawals(list.params);

  const columns: ResizableColumn<Withdrawal>[] = [
    { key: 'no', title: m.withdrawalNo, dataIndex: 'withdrawalNo', width: 170 },
    { key: 'agent', title: m.agent, dataIndex: 'agentName', width: 150 },
    { key: 'amount', title: m.amount, width: 120, render: (_, r) => formatMoney(r.amount, r.currency) },
    { key: 'account', title: m.account, width: 220, render: (_, r) => withdrawalAccountText({ ...r.account, bankName: '' }, lang) },
    { key: 'status', title: m.status, width: 90, render: (_, r) => <Tag color={WITHDRAWAL_COLOR[r.status]}>{WithdrawalStatus.label(r.status, lang)}</Tag> },
    { key: 'remark', title: m.remark, dataIndex: 'remark', width: 140 },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 260,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => navigate(`/financialManage/agentWithdrawalManage/agentWithdrawalListDetail?id=${r.id}`)}>
            {t('common.detail')}
          </Button>
          <WithdrawalActions w={r} />
        </Space>
      ),
    },
  ];

  const totals = withdrawals.data?.totals;
  return (
    <Card>
      <ListPage<Withdrawal>
        list={list}
        result={withdrawals}
        columns={columns}
        exportAs={{ call: financeAgentWithdrawalPageListCall, name: m.exportName }}
        toValues={({ range, ...v }) => {
          const r = range as [Dayjs, Dayjs] | null | undefined;
          return { ...(v as Record<string, string>), from: r?.[0]?.startOf('day').toISOString(), to: r?.[1]?.endOf('day').toISOString() };
        }}
        beforeTable={
          <Space style={{ margin: '8px 0 16px' }} size={32} wrap>
            {WithdrawalStatus.values.map((s) => (
              <Statistic key={s} title={`${m.totals} · ${WithdrawalStatus.label(s, lang)}`} value={formatMoney(totals?.[s] ?? 0, DEFAULT_CURRENCY)} />
            ))}
            <Space>
              <Button onClick={() => setCreating(crypto.randomUUID())}>{m.create}</Button>
              <Button
                onClick={() =>
                  modal.confirm({
                    title: m.settle,
                    okText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    onOk: async () => {
                      const r = await settleCommission();
                      message.success(fill(m.settled, { orders: r.orders, amount: formatMoney(r.amount, DEFAULT_CURRENCY) }));
                      await invalidate();
                    },
                  })
                }
              >
                {m.settle}
              </Button>
              <Button
                onClick={async () => {
                  const r = await fetchReconcile();
                  if (r.mismatches.length) modal.warning({ title: m.reconcile, content: fill(m.reconcileBad, { n: r.mismatches.length }) });
                  else message.success(fill(m.reconcileOk, { agents: r.agents }));
                }}
              >
                {m.reconcile}
              </Button>
            </Space>
          </Space>
        }
      >
        <Form.Item name="withdrawalNo" label={m.withdrawalNo}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="agentId" label={m.agent}>
          <Select
            allowClear
            showSearch
            filterOption={false}
            onSearch={setAgentKeyword}
            style={{ width: 170 }}
            placeholder={t('common.all')}
            options={agentsFound.data?.map((a) => ({ value: a.id, label: a.agentName }))}
          />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={vocabOptions(WithdrawalStatus, lang)} />
        <Form.Item name="range" label={m.timeRange}>
          <DatePicker.RangePicker />
        </Form.Item>
      </ListPage>
      <Modal
        open={!!creating}
        title={m.create}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
        onCancel={() => setCreating(null)}
        onOk={() =>
          saveForm(
            createForm,
            async (v) => {
              await createWithdrawal({ agentId: v.agentId, amount: v.amount, remark: v.remark ?? '', requestId: creating! });
              setCreating(null);
            },
            async () => {
              await invalidate();
            },
          )
        }
      >
        <Form form={createForm} layout="vertical" preserve={false}>
          <Form.Item name="agentId" label={m.agentId} rules={[{ required: true, message: m.agentRequired }]}>
            <Select showSearch filterOption={false} onSearch={setAgentKeyword} options={agentsFound.data?.map((a) => ({ value: a.id, label: a.agentName }))} />
          </Form.Item>
          <Form.Item name="amount" label={`${m.amount}（${DEFAULT_CURRENCY}）`} rules={[zodRule(positiveAmount)]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="remark" label={m.remark} rules={[zodRule(z.string().max(200).optional())]}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
