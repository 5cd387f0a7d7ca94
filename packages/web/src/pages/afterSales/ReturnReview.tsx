import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { ReturnKind, type ReturnItem, type ReturnListQuery } from '@waystation/shared/contract/afterSales';
import { ReviewResult } from '@waystation/shared/machines/refund';
import { returnMachine, ReturnShipping, ReturnStatus, returnState } from '@waystation/shared/machines/return';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { showFieldErrors, validValues } from '../../components/zodRule';
import { useVerify } from '../../components/verify/useVerify';
import { formatMoney } from '../../components/money';
import { reviewReturn, sendReturn, signReturn, useInvalidateAfterSales, useReturns } from './api';
import { useAfterSalesMessages } from './messages';
import { ReviewButtons } from './ReviewButtons';
import { afterSalesReturnListCall } from '@waystation/shared/contract/afterSales';

const COLOR: Record<string, string> = { return_checking: 'orange', return_doing: 'blue', return_apply_refuse: 'red', returned: 'green' };

/**
 * afterSales/ReturnReview: returns and exchanges of purchase lines; review (return_review verification), shipment,
 * signature (a return's opens its refund; an exchange's puts the line back to 已采购 for the seller's replacement).
 */
export default function ReturnReview() {
  const t = useT();
  const m = useAfterSalesMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [sending, setSending] = useState<ReturnItem | null>(null);
  const [sendForm] = Form.useForm<{ shippingCompany: string; shippingNo: string }>();
  const [run, holder] = useVerify();
  const invalidate = useInvalidateAfterSales();
  const list = useListPage(
    (query): Partial<ReturnListQuery> => {
      const status = (query.status ?? 'return_checking') as ReturnListQuery['status'] | 'all';
      return {
        returnNo: query.returnNo,
        userCode: query.userCode,
        purchaseOrderNo: query.purchaseOrderNo,
        status: status === 'all' ? undefined : status,
        shippingStatus: query.shippingStatus as ReturnListQuery['shippingStatus'],
      };
    },
    // No status in the filters: 全部 was chosen (none in the URL means 待审核).
    (f) => ({ ...f, status: f.status ?? 'all' }),
  );
  const returns = useReturns(list.params);

  const done = async () => {
    message.success(t('common.success'));
    await invalidate();
  };

  const columns: ResizableColumn<ReturnItem>[] = [
    { key: 'returnNo', title: m.returnNo, dataIndex: 'returnNo', width: 170 },
    {
      key: 'kind',
      title: m.kind,
      dataIndex: 'kind',
      width: 80,
      render: (_, r) => <Tag color={r.kind === 'exchange' ? 'purple' : undefined}>{ReturnKind.label(r.kind, lang)}</Tag>,
      exportAs: { labels: vocabLabels(ReturnKind, lang) },
    },
    { key: 'userCode', title: m.userCode, width: 110, render: (_, r) => <a onClick={() => navigate(`/vipManage/detail/${r.memberId}`)}>{r.userCode}</a> },
    { key: 'purchaseNo', title: m.purchaseNo, dataIndex: 'purchaseOrderNo', width: 170 },
    { key: 'goods', title: m.goods, dataIndex: 'goodsTitle', width: 180 },
    { key: 'amount', title: m.amount, width: 110, render: (_, r) => formatMoney(r.amount, r.currency) },
    { key: 'reason', title: m.returnReason, dataIndex: 'reason', width: 200 },
    { key: 'status', title: m.status, width: 110, render: (_, r) => <Tag color={COLOR[r.status]}>{ReturnStatus.label(r.status, lang)}</Tag> },
    { key: 'result', title: m.result, width: 100, render: (_, r) => (r.reviewResult ? ReviewResult.label(r.reviewResult, lang) : '') },
    {
      key: 'shipping',
      title: m.shipping,
      width: 200,
      render: (_, r) => (r.shippingStatus ? `${ReturnShipping.label(r.shippingStatus, lang)} ${r.shippingCompany} ${r.shippingNo}` : ''),
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 200,
      fixed: 'right',
      render: (_, r) => {
        const actions = returnMachine.allowed(returnState(r.status, r.shippingStatus));
        return (
          <Space>
            {actions.includes('pass') && (
              <ReviewButtons
                confirmText={fill(m.returnPassConfirm, { no: r.returnNo })}
                onReview={async (result, remark) => {
                  const res = await run('return_review', r.id, (h) => reviewReturn({ id: r.id, result, remark }, h));
                  if (res) await done();
                }}
              />
            )}
            {actions.includes('send') && (
              <Button size="small" onClick={() => setSending(r)}>
                {m.send}
              </Button>
            )}
            {actions.includes('sign') && (
              <Button
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: m.sign,
                    content: fill(r.kind === 'exchange' ? m.exchangeSignConfirm : m.signConfirm, { no: r.returnNo }),
                    okText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    onOk: async () => {
                      await signReturn(r.id);
                      await done();
                    },
                  })
                }
              >
                {m.sign}
              </Button>
            )}
            {r.refundId && (
              <Button type="link" size="small" onClick={() => navigate(`/afterSalesManage/refundedDetail?id=${r.refundId}`)}>
                {m.refund}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card>
      <ListPage<ReturnItem> list={list} result={returns} columns={columns} exportAs={{ call: afterSalesReturnListCall, name: m.exportReturns }}>
        <Form.Item name="returnNo" label={m.returnNo}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="userCode" label={m.userCode}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="purchaseOrderNo" label={m.purchaseNo}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label={m.status}>
          <Select style={{ width: 130 }} options={[{ value: 'all', label: t('common.all') }, ...vocabOptions(ReturnStatus, lang)]} />
        </Form.Item>
        <FilterSelect name="shippingStatus" label={m.shipping} options={vocabOptions(ReturnShipping, lang)} />
      </ListPage>
      <Modal
        open={!!sending}
        title={m.send}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
        onCancel={() => setSending(null)}
        onOk={async () => {
          const v = await validValues(sendForm);
          if (!v) return;
          try {
            await sendReturn({ id: sending!.id, ...v });
            setSending(null);
            await done();
          } catch (e) {
            showFieldErrors(sendForm, e);
          }
        }}
      >
        <Form form={sendForm} layout="vertical" preserve={false}>
          <Form.Item name="shippingCompany" label={m.shippingCompany} rules={[{ required: true, whitespace: true, message: m.shippingCompanyRequired }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="shippingNo" label={m.shippingNo} rules={[{ required: true, whitespace: true, message: m.shippingNoRequired }]}>
            <Input maxLength={60} />
          </Form.Item>
        </Form>
      </Modal>
      {holder}
    </Card>
  );
}
