import { Button, Card, Form, Input, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { Refund, RefundListQuery } from '@waystation/shared/contract/afterSales';
import { RefundChannel, RefundReason, RefundStatus } from '@waystation/shared/machines/refund';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabOptions } from '../../components/list/vocabOptions';
import { formatMoney } from '../../components/money';
import { useRefunds } from './api';
import { useAfterSalesMessages } from './messages';
import { afterSalesRefundListCall } from '@waystation/shared/contract/afterSales';

export const REFUND_COLOR: Record<string, string> = { return_refund_check: 'orange', refunded: 'green', return_apply_refuse: 'red' };

/** afterSales/RefundedList: refund requests, filters in the URL; review happens on the detail page. */
export default function RefundedList() {
  const t = useT();
  const m = useAfterSalesMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage(
    (query): Partial<RefundListQuery> => ({
      refundNo: query.refundNo,
      userCode: query.userCode,
      sourceNo: query.sourceNo,
      status: query.status as RefundListQuery['status'],
      reason: query.reason as RefundListQuery['reason'],
    }),
  );
  const refunds = useRefunds(list.params);

  const columns: ResizableColumn<Refund>[] = [
    { key: 'refundNo', title: m.refundNo, dataIndex: 'refundNo', width: 180 },
    { key: 'userCode', title: m.userCode, dataIndex: 'userCode', width: 110 },
    { key: 'sourceNo', title: m.sourceNo, dataIndex: 'sourceNo', width: 160 },
    { key: 'reason', title: m.reason, dataIndex: 'reason', width: 130, render: (v: string) => RefundReason.label(v, lang) },
    { key: 'amount', title: m.amount, width: 120, render: (_, r) => formatMoney(r.amount, r.currency) },
    { key: 'channel', title: m.channel, dataIndex: 'channel', width: 100, render: (v: string) => RefundChannel.label(v, lang) },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 110,
      render: (s: string) => <Tag color={REFUND_COLOR[s]}>{RefundStatus.label(s, lang)}</Tag>,
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', width: 180, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(`/afterSalesManage/refundedDetail?id=${r.id}`)}>
          {t('common.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<Refund> list={list} result={refunds} columns={columns} exportAs={{ call: afterSalesRefundListCall, name: m.exportName }}>
        <Form.Item name="refundNo" label={m.refundNo}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="userCode" label={m.userCode}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="sourceNo" label={m.sourceNo}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={vocabOptions(RefundStatus, lang)} width={130} />
        <FilterSelect name="reason" label={m.reason} options={vocabOptions(RefundReason, lang)} width={140} />
      </ListPage>
    </Card>
  );
}
