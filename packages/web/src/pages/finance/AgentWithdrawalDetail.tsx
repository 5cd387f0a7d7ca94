import { useSearchParams, useNavigate } from 'react-router';
import { Card, Descriptions, Space, Table, Tag } from 'antd';
import { LedgerType, type Transaction } from '@waystation/shared/contract/ledger';
import { withdrawalAccountText } from '@waystation/shared/contract/proxy';
import { WithdrawalStatus } from '@waystation/shared/machines/withdrawal';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { Amount, formatMoney } from '../../components/money';
import { useWithdrawal } from './api';
import { useFinanceMessages } from './messages';
import { WITHDRAWAL_COLOR } from './AgentWithdrawalList';
import { WithdrawalActions } from './WithdrawalActions';

/** finance/AgentWithdrawalDetail (?id=): one request, its review and payment, and the agent's commission ledger. */
export default function AgentWithdrawalDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const m = useFinanceMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const w = useWithdrawal(id);
  const d = w.data;
  if (!d) return <Card loading={w.isLoading}>{w.isError ? t('common.empty') : null}</Card>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title={`${m.withdrawalNo} ${d.withdrawalNo}`} extra={<WithdrawalActions w={d} />}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={m.status}>
            <Tag color={WITHDRAWAL_COLOR[d.status]}>{WithdrawalStatus.label(d.status, lang)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={m.agent}>
            <a onClick={() => navigate(`/proxyManage/detail?id=${d.agentId}`)}>{d.agentName}</a>
          </Descriptions.Item>
          <Descriptions.Item label={m.amount}>{formatMoney(d.amount, d.currency)}</Descriptions.Item>
          <Descriptions.Item label={m.commissionBalance}>{formatMoney(d.commissionBalance, d.currency)}</Descriptions.Item>
          <Descriptions.Item label={m.account} span={2}>
            {withdrawalAccountText(d.account, lang)}
          </Descriptions.Item>
          <Descriptions.Item label={m.remark}>{d.remark}</Descriptions.Item>
          <Descriptions.Item label={t('common.createTime')}>{formatTime(d.createTime)}</Descriptions.Item>
          <Descriptions.Item label={m.reviewer}>{d.reviewerName}</Descriptions.Item>
          <Descriptions.Item label={m.reviewTime}>{formatTime(d.reviewTime)}</Descriptions.Item>
          <Descriptions.Item label={m.reviewRemark}>{d.reviewRemark}</Descriptions.Item>
          <Descriptions.Item label={m.payProof}>{d.payProof}</Descriptions.Item>
          <Descriptions.Item label={m.paidTime}>{formatTime(d.paidTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={m.ledger} size="small">
        <Table<Transaction>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={d.transactions}
          columns={[
            { key: 'id', title: 'ID', dataIndex: 'id', render: (v: number) => <a onClick={() => navigate(`/transaction/detail/${v}`)}>{v}</a> },
            { key: 'time', title: t('common.createTime'), dataIndex: 'createTime', render: formatTime },
            { key: 'type', title: m.status, render: (_, r) => LedgerType.label(r.type, lang) },
            { key: 'amount', title: m.amount, render: (_, r) => <Amount minor={r.amount} currency={r.currency} signed /> },
            { key: 'after', title: m.commissionBalance, render: (_, r) => formatMoney(r.balanceAfter, r.currency) },
            { key: 'remark', title: m.remark, dataIndex: 'remark' },
          ]}
        />
      </Card>
    </Space>
  );
}
