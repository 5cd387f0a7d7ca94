import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { AccountKind, ledgerRefText, LedgerType, OwnerType, type Transaction, type TransactionListQuery } from '@waystation/shared/contract/ledger';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import { ResizableTable, type ResizableColumn } from '../../components/ResizableTable';
import { Amount, formatMoney } from './money';
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
  const t = useT();
  const m = useTxMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm<Filters>();
  const q: Partial<TransactionListQuery> = {
    page, limit, userCode: query.userCode, cursor: query.cursor,
    ownerType: query.ownerType as TransactionListQuery['ownerType'], type: query.type as TransactionListQuery['type'], kind: query.kind as TransactionListQuery['kind'],
    from: query.from, to: query.to,
  };
  const list = useTransactions(q);
  useFormFromQuery(form, {
    userCode: query.userCode, ownerType: query.ownerType, type: query.type, kind: query.kind,
    range: query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null,
  } as Filters);

  const columns: ResizableColumn<Transaction>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 90, render: (v: number) => <a onClick={() => navigate(`/transaction/detail/${v}`)}>{v}</a> },
    { key: 'time', title: m.time, dataIndex: 'createTime', width: 180, render: formatTime },
    { key: 'owner', title: m.owner, width: 180, render: (_, r) => `${OwnerType.label(r.ownerType, lang)} ${r.ownerCode} ${r.ownerName}` },
    { key: 'account', title: m.account, width: 80, render: (_, r) => AccountKind.label(r.kind, lang) },
    { key: 'type', title: m.type, width: 100, render: (_, r) => LedgerType.label(r.type, lang) },
    { key: 'amount', title: m.amount, width: 130, render: (_, r) => <Amount minor={r.amount} currency={r.currency} signed /> },
    { key: 'after', title: m.balanceAfter, width: 130, render: (_, r) => formatMoney(r.balanceAfter, r.currency) },
    { key: 'ref', title: m.ref, width: 140, render: (_, r) => ledgerRefText(r, lang) },
    { key: 'remark', title: m.remark, dataIndex: 'remark', width: 200 },
    { key: 'operator', title: m.operator, dataIndex: 'operatorName', width: 100 },
  ];

  return (
    <Card>
      <Form<Filters>
        form={form}
        layout="inline"
        className="list-filters"
        onFinish={({ range, ...v }) => setFilters({ ...v, from: range?.[0]?.startOf('day').toISOString(), to: range?.[1]?.endOf('day').toISOString() })}
      >
        <Form.Item name="userCode" label={m.userCode}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="ownerType" label={m.ownerType}>
          <Select allowClear style={{ width: 100 }} placeholder={t('common.all')} options={OwnerType.values.map((v) => ({ value: v, label: OwnerType.label(v, lang) }))} />
        </Form.Item>
        <Form.Item name="kind" label={m.account}>
          <Select allowClear style={{ width: 100 }} placeholder={t('common.all')} options={AccountKind.values.map((v) => ({ value: v, label: AccountKind.label(v, lang) }))} />
        </Form.Item>
        <Form.Item name="type" label={m.type}>
          <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={LedgerType.values.map((v) => ({ value: v, label: LedgerType.label(v, lang) }))} />
        </Form.Item>
        <Form.Item name="range" label={m.timeRange}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <ResizableTable<Transaction>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={
          query.cursor
            ? false
            : {
                current: page, pageSize: limit, total: list.data?.total ?? 0, showSizeChanger: true, onChange: setPage,
                showTotal: (total) => `${t('common.total', { total })}${list.data?.totalExact === false ? m.estimate : ''}`,
              }
        }
      />
      {(query.cursor || list.data?.totalExact === false) && (
        <Space style={{ marginTop: 12 }}>
          <Button onClick={() => setFilters({ ...query, cursor: undefined, page: undefined })}>{m.first}</Button>
          <Button disabled={!list.data?.nextCursor} onClick={() => setFilters({ ...query, page: undefined, cursor: list.data?.nextCursor ?? undefined })}>
            {m.next}
          </Button>
        </Space>
      )}
    </Card>
  );
}
