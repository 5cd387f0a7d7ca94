import { Button, Card, DatePicker, Form, Input, Space } from 'antd';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import {
  transactionPageListCall,
  AccountKind,
  ledgerRefText,
  LedgerType,
  OwnerType,
  type Transaction,
  type TransactionListQuery,
} from '@waystation/shared/contract/ledger';
import { useLang } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { Amount, formatMoney } from '../../components/money';
import { useTransactions } from './api';
import { useTxMessages } from './messages';

interface Filters {
  userCode?: string;
  ownerType?: string;
  type?: string;
  kind?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** transaction/TransactionList: every ledger row, newest first; keyset "next page" past the first pages. */
export default function TransactionList() {
  const m = useTxMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage(
    (query): Partial<TransactionListQuery> => ({
      userCode: query.userCode,
      cursor: query.cursor,
      ownerType: query.ownerType as TransactionListQuery['ownerType'],
      type: query.type as TransactionListQuery['type'],
      kind: query.kind as TransactionListQuery['kind'],
      from: query.from,
      to: query.to,
    }),
    // The cursor is not a field: the first/next buttons below set it.
    (f): Filters => ({
      userCode: f.userCode,
      ownerType: f.ownerType,
      type: f.type,
      kind: f.kind,
      range: f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null,
    }),
  );
  const { query, setFilters } = list;
  const transactions = useTransactions(list.params);

  const columns: ResizableColumn<Transaction>[] = [
    {
      key: 'id',
      title: 'ID',
      dataIndex: 'id',
      width: 90,
      render: (v: number) => <a onClick={() => navigate(`/transaction/detail/${v}`)}>{v}</a>,
      exportAs: { kind: 'number' },
    },
    { key: 'time', title: m.time, dataIndex: 'createTime', width: 180, render: formatTime, exportAs: { kind: 'time' } },
    {
      key: 'owner',
      title: m.owner,
      width: 180,
      render: (_, r) => `${OwnerType.label(r.ownerType, lang)} ${r.ownerCode} ${r.ownerName}`,
      exportAs: { field: 'ownerCode' },
    },
    {
      key: 'account',
      title: m.account,
      width: 80,
      render: (_, r) => AccountKind.label(r.kind, lang),
      exportAs: { field: 'kind', labels: vocabLabels(AccountKind, lang) },
    },
    {
      key: 'type',
      title: m.type,
      width: 100,
      render: (_, r) => LedgerType.label(r.type, lang),
      exportAs: { field: 'type', labels: vocabLabels(LedgerType, lang) },
    },
    {
      key: 'amount',
      title: m.amount,
      width: 130,
      render: (_, r) => <Amount minor={r.amount} currency={r.currency} signed />,
      exportAs: { field: 'amount', kind: 'money' },
    },
    { key: 'currency', title: m.currency, dataIndex: 'currency', width: 70 },
    {
      key: 'after',
      title: m.balanceAfter,
      width: 130,
      render: (_, r) => formatMoney(r.balanceAfter, r.currency),
      exportAs: { field: 'balanceAfter', kind: 'money' },
    },
    { key: 'ref', title: m.ref, width: 140, render: (_, r) => ledgerRefText(r, lang), exportAs: { field: 'refId' } },
    { key: 'remark', title: m.remark, dataIndex: 'remark', width: 200 },
    { key: 'operator', title: m.operator, dataIndex: 'operatorName', width: 100 },
  ];

  return (
    <Card>
      <ListPage<Transaction>
        list={list}
        result={transactions}
        columns={columns}
        toValues={({ range, ...v }) => {
          const r = range as Filters['range'];
          return { ...(v as Record<string, string>), from: r?.[0]?.startOf('day').toISOString(), to: r?.[1]?.endOf('day').toISOString() };
        }}
        exportAs={{ call: transactionPageListCall, name: m.exportName }}
        paged={!query.cursor}
        totalSuffix={transactions.data?.totalExact === false ? m.estimate : ''}
      >
        <Form.Item name="userCode" label={m.userCode}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <FilterSelect name="ownerType" label={m.ownerType} options={vocabOptions(OwnerType, lang)} width={100} />
        <FilterSelect name="kind" label={m.account} options={vocabOptions(AccountKind, lang)} width={100} />
        <FilterSelect name="type" label={m.type} options={vocabOptions(LedgerType, lang)} width={120} />
        <Form.Item name="range" label={m.timeRange}>
          <DatePicker.RangePicker />
        </Form.Item>
      </ListPage>
      {(query.cursor || transactions.data?.totalExact === false) && (
        <Space style={{ marginTop: 12 }}>
          <Button onClick={() => setFilters({ ...query, cursor: undefined, page: undefined })}>{m.first}</Button>
          <Button
            disabled={!transactions.data?.nextCursor}
            onClick={() => setFilters({ ...query, page: undefined, cursor: transactions.data?.nextCursor ?? undefined })}
          >
            {m.next}
          </Button>
        </Space>
      )}
    </Card>
  );
}
