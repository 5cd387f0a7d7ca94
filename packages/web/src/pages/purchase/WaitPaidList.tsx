import { Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import type { WaitPaidOrder } from '@waystation/shared/contract/purchase';
import { useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { exportColumnsOf } from '../../components/list/ExportButton';
import { formatMoney } from '../../components/money';
import { useUnpaid } from './unpaidApi';
import { useUnpaidMessages } from './messages';
import { waitPaidOrderPageListCall } from '@waystation/shared/contract/purchase';

/** waitPaidOrder/WaitPaidList: shop orders placed but not paid, filters in the URL. */
export default function WaitPaidList() {
  const t = useT();
  const m = useUnpaidMessages();
  const navigate = useNavigate();
  const list = useListPage((query) => ({ orderNo: query.orderNo, userCode: query.userCode }));
  const orders = useUnpaid(list.params);
  const columns: ResizableColumn<WaitPaidOrder>[] = [
    { key: 'orderNo', title: m.orderNo, dataIndex: 'orderNo', width: 170 },
    { key: 'member', title: m.member, width: 180, render: (_, r) => `${r.userCode} ${r.memberName}`, exportAs: { field: 'userCode' } },
    { key: 'amount', title: m.amount, width: 120, render: (_, r) => formatMoney(r.amount, r.currency), exportAs: { field: 'amount', kind: 'money' } },
    {
      key: 'levelDiscount',
      title: m.levelDiscount,
      width: 110,
      render: (_, r) => formatMoney(r.levelDiscount, r.currency),
      exportAs: { field: 'levelDiscount', kind: 'money' },
    },
    {
      key: 'serviceFee',
      title: m.serviceFee,
      width: 130,
      render: (_, r) => `${formatMoney(r.serviceFee, r.currency)} (${r.serviceFeePercent}%)`,
      exportAs: { field: 'serviceFee', kind: 'money' },
    },
    { key: 'due', title: m.due, width: 120, render: (_, r) => formatMoney(r.due, r.currency), exportAs: { field: 'due', kind: 'money' } },
    { key: 'lines', title: m.lines, dataIndex: 'lineCount', width: 80 },
    { key: 'createTime', title: m.createTime, dataIndex: 'createTime', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    {
      key: 'payDeadline',
      title: m.payDeadline,
      dataIndex: 'payDeadline',
      width: 170,
      render: (v: string | null) => (v ? formatTime(v) : '-'),
      exportAs: { kind: 'time' },
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(`/waitPaidOrder/detail/${r.id}`)}>
          {m.detail}
        </Button>
      ),
    },
  ];
  return (
    <Card>
      <ListPage<WaitPaidOrder>
        list={list}
        result={orders}
        columns={columns}
        exportAs={{
          call: waitPaidOrderPageListCall,
          name: m.exportName,
          columns: [...exportColumnsOf(columns), { title: m.currency, field: 'currency' }],
        }}
      >
        <Form.Item name="orderNo" label={m.orderNo}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="userCode" label={m.member}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
      </ListPage>
    </Card>
  );
}
