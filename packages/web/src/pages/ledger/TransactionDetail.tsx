import { useNavigate, useParams } from 'react-router';
import { Card, Descriptions, Space, Table } from 'antd';
import { AccountKind, ledgerRefText, LedgerType, OwnerType, type Transaction } from '@waystation/shared/contract/ledger';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { Amount, formatMoney } from '../../components/money';
import { useTransaction } from './api';
import { useTxMessages } from './messages';

/** transaction/TransactionDetail (/transaction/detail/:id): one ledger row in the context of its account. */
export default function TransactionDetail() {
  const id = Number(useParams().id) || 0;
  const m = useTxMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const tx = useTransaction(id);
  const d = tx.data;
  if (!d) return <Card loading={tx.isLoading}>{tx.isError ? t('common.empty') : null}</Card>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title={`#${d.id} · ${LedgerType.label(d.type, lang)}`}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={m.owner}>
            {d.ownerType === 'member' ? (
              <a onClick={() => navigate(`/vipManage/detail/${d.ownerId}`)}>{`${d.ownerCode} ${d.ownerName}`}</a>
            ) : (
              `${OwnerType.label(d.ownerType, lang)} ${d.ownerName}`
            )}
          </Descriptions.Item>
          <Descriptions.Item label={m.account}>{AccountKind.label(d.kind, lang)}</Descriptions.Item>
          <Descriptions.Item label={m.amount}>
            <Amount minor={d.amount} currency={d.currency} signed />
          </Descriptions.Item>
          <Descriptions.Item label={m.balanceAfter}>{formatMoney(d.balanceAfter, d.currency)}</Descriptions.Item>
          <Descriptions.Item label={m.ref}>{ledgerRefText(d, lang)}</Descriptions.Item>
          <Descriptions.Item label={m.remark}>{d.remark}</Descriptions.Item>
          <Descriptions.Item label={m.operator}>{d.operatorName}</Descriptions.Item>
          <Descriptions.Item label={m.time}>{formatTime(d.createTime)}</Descriptions.Item>
          <Descriptions.Item label={m.idempotencyKey}>{d.idempotencyKey ?? ''}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={m.context} size="small">
        <Table<Transaction>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={[...d.neighbours, d].sort((a, b) => a.id - b.id)}
          rowClassName={(r) => (r.id === d.id ? 'ant-table-row-selected' : '')}
          columns={[
            {
              key: 'id',
              title: 'ID',
              dataIndex: 'id',
              render: (v: number) => (v === d.id ? v : <a onClick={() => navigate(`/transaction/detail/${v}`)}>{v}</a>),
            },
            { key: 'time', title: m.time, dataIndex: 'createTime', render: formatTime },
            { key: 'type', title: m.type, render: (_, r) => LedgerType.label(r.type, lang) },
            { key: 'amount', title: m.amount, render: (_, r) => <Amount minor={r.amount} currency={r.currency} signed /> },
            { key: 'after', title: m.balanceAfter, render: (_, r) => formatMoney(r.balanceAfter, r.currency) },
          ]}
        />
      </Card>
    </Space>
  );
}
