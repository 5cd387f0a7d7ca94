import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Result, Skeleton, Space, Table } from 'antd';
import { useNavigate, useParams } from 'react-router';
import type { PurchaseLine } from '@waystation/shared/contract/purchase';
import { specString } from '@waystation/shared/vocab/label';
import { ShopOrderStatus } from '@waystation/shared/vocab/goods-in';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { formatMoney } from '../../components/money';
import { StatusTag } from '../purchase/PurchaseListView';
import { useUnpaidAction, useUnpaidDetail } from './unpaidApi';
import { useUnpaidMessages } from './messages';
import { validValues } from '../../components/zodRule';

/**
 * waitPaidOrder/WaitPaidDetail (/waitPaidOrder/detail/{id}): an unpaid order's lines and what to collect for it; mark it
 * paid at that amount (lines queue for buying) or cancel it.
 */
export default function WaitPaidDetail() {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const m = useUnpaidMessages();
  const { id: idText } = useParams();
  const id = Number(idText) || 0;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const detail = useUnpaidDetail(id);
  const action = useUnpaidAction();
  const [dialog, setDialog] = useState<'manualPaid' | 'cancel' | null>(null);
  const [form] = Form.useForm<{ text: string }>();
  if (!id) return <Result status="404" title="404" />;
  if (detail.isLoading) return <Skeleton active />;
  const d = detail.data;
  if (!d) return <Result status="warning" title={detail.error?.message} />;
  const open = d.status === 'ordered';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        title={d.orderNo}
        extra={
          <Space>
            {open && (
              <Button type="primary" onClick={() => setDialog('manualPaid')}>
                {m.manualPaid}
              </Button>
            )}
            {open && (
              <Button danger onClick={() => setDialog('cancel')}>
                {m.cancel}
              </Button>
            )}
            <Button onClick={() => navigate('/waitPaidOrder/list')}>{t('common.cancel')}</Button>
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={m.member}>
            {d.userCode} {d.memberName}
          </Descriptions.Item>
          <Descriptions.Item label={m.amount}>{formatMoney(d.amount, d.currency)}</Descriptions.Item>
          <Descriptions.Item label={m.levelDiscount}>{formatMoney(d.levelDiscount, d.currency)}</Descriptions.Item>
          <Descriptions.Item label={m.serviceFee}>
            {formatMoney(d.serviceFee, d.currency)} ({d.serviceFeePercent}%)
          </Descriptions.Item>
          <Descriptions.Item label={m.due}>
            <strong>{formatMoney(d.due, d.currency)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={m.status}>{ShopOrderStatus.label(d.status, lang)}</Descriptions.Item>
          <Descriptions.Item label={m.createTime}>{formatTime(d.createTime)}</Descriptions.Item>
          <Descriptions.Item label={m.payDeadline}>{d.payDeadline ? formatTime(d.payDeadline) : m.noDeadline}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={m.items} size="small">
        <Table<PurchaseLine>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={d.lines}
          columns={[
            { key: 'no', title: 'No.', dataIndex: 'purchaseNo' },
            { key: 'title', title: m.product, dataIndex: 'title' },
            { key: 'spec', title: m.spec, render: (_, l) => specString(l.propsList) },
            { key: 'qty', title: m.quantity, dataIndex: 'quantity' },
            { key: 'price', title: m.unitPrice, render: (_, l) => formatMoney(l.unitPrice, l.currency) },
            { key: 'status', title: m.status, render: (_, l) => <StatusTag status={l.status} /> },
          ]}
        />
      </Card>
      <Modal
        open={!!dialog}
        title={dialog === 'manualPaid' ? m.manualPaid : m.cancel}
        confirmLoading={action.isPending}
        destroyOnHidden
        onCancel={() => setDialog(null)}
        onOk={async () => {
          const values = await validValues(form);
          if (!values) return;
          const { text } = values;
          await action.mutateAsync({ kind: dialog!, body: dialog === 'manualPaid' ? { id: d.id, note: text } : { id: d.id, reason: text } });
          message.success(t('common.success'));
          setDialog(null);
        }}
      >
        {dialog === 'manualPaid' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={fill(m.dueConfirm, {
              due: formatMoney(d.due, d.currency),
              amount: formatMoney(d.amount, d.currency),
              discount: formatMoney(d.levelDiscount, d.currency),
              fee: formatMoney(d.serviceFee, d.currency),
              percent: d.serviceFeePercent,
            })}
          />
        )}
        <Form form={form} layout="vertical">
          <Form.Item
            name="text"
            label={dialog === 'manualPaid' ? m.note : m.reason}
            rules={[{ required: true, whitespace: true, message: dialog === 'manualPaid' ? m.note : m.reason }]}
          >
            <Input.TextArea maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
