import { Button, Card, Form, Input, Space } from 'antd';
import { useNavigate } from 'react-router';
import type { WaitPaidOrder } from '@waystation/shared/contract/purchase';
import { useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import { ResizableTable, type ResizableColumn } from '../../components/ResizableTable';
import { formatMoney } from '../transaction/money';
import { useUnpaid } from './api';
import { useUnpaidMessages } from './messages';

/** waitPaidOrder/WaitPaidList: shop orders placed but not paid, filters in the URL. */
export default function WaitPaidList() {
  const t = useT();
  const m = useUnpaidMessages();
  const navigate = useNavigate();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const list = useUnpaid({ page, limit, orderNo: query.orderNo, userCode: query.userCode });
  useFormFromQuery(form, { orderNo: query.orderNo, userCode: query.userCode });
  const columns: ResizableColumn<WaitPaidOrder>[] = [
    { key: 'orderNo', title: m.orderNo, dataIndex: 'orderNo', width: 170 },
    { key: 'member', title: m.member, width: 180, render: (_, r) => `${r.userCode} ${r.memberName}` },
    { key: 'amount', title: m.amount, width: 120, render: (_, r) => formatMoney(r.amount, r.currency) },
    { key: 'lines', title: m.lines, dataIndex: 'lineCount', width: 80 },
    { key: 'createTime', title: m.createTime, dataIndex: 'createTime', width: 170, render: formatTime },
    { key: 'actions', title: t('common.actions'), width: 90, fixed: 'right', render: (_, r) => <Button type="link" size="small" onClick={() => navigate(`/waitPaidOrder/detail/${r.id}`)}>{m.detail}</Button> },
  ];
  return (
    <Card>
      <Form form={form} layout="inline" className="list-filters" onFinish={(v) => setFilters(v)}>
        <Form.Item name="orderNo" label={m.orderNo}><Input allowClear style={{ width: 180 }} /></Form.Item>
        <Form.Item name="userCode" label={m.member}><Input allowClear style={{ width: 140 }} /></Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">{t('common.search')}</Button>
            <Button onClick={() => { form.resetFields(); setFilters({}); }}>{t('common.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
      <ResizableTable<WaitPaidOrder>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: limit, total: list.data?.total ?? 0, showSizeChanger: true, onChange: setPage, showTotal: (total) => t('common.total', { total }) }}
      />
    </Card>
  );
}
