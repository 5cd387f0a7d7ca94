import { useSearchParams, useNavigate } from 'react-router';
import { App, Card, Descriptions, Tag } from 'antd';
import { RefundChannel, RefundReason, RefundStatus, ReviewResult } from '@waystation/shared/machines/refund';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useVerify } from '../../components/verify/useVerify';
import { formatMoney } from '../../components/money';
import { reviewRefund, useInvalidateAfterSales, useRefund } from './api';
import { useAfterSalesMessages } from './messages';
import { REFUND_COLOR } from './RefundedList';
import { ReviewButtons } from './ReviewButtons';
import { PaymentRefundTable } from '../payment/PaymentRefundTable';

/** afterSales/RefundedDetail (/afterSalesManage/refundedDetail?id=): one refund; review with refund_review verification. */
export default function RefundedDetail() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const m = useAfterSalesMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const refund = useRefund(id);
  const invalidate = useInvalidateAfterSales();
  const [run, holder] = useVerify();
  const r = refund.data;
  if (!r) return <Card loading={refund.isLoading}>{refund.isError ? t('common.empty') : null}</Card>;

  const review = async (result: 'REVIEW_SUCCESS' | 'REVIEW_FAIL', remark: string) => {
    const res = await run('refund_review', r.id, (h) => reviewRefund({ id: r.id, result, remark }, h));
    if (!res) return;
    message.success(t('common.success'));
    await invalidate();
  };

  return (
    <Card
      title={`${m.refund} ${r.refundNo}`}
      extra={
        r.status === 'return_refund_check' ? (
          <ReviewButtons
            confirmText={fill(m.passConfirm, { no: r.refundNo, amount: formatMoney(r.amount, r.currency), channel: RefundChannel.label(r.channel, lang) })}
            onReview={review}
          />
        ) : null
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={m.status}>
          <Tag color={REFUND_COLOR[r.status]}>{RefundStatus.label(r.status, lang)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={m.userCode}>
          <a onClick={() => navigate(`/vipManage/detail/${r.memberId}`)}>{r.userCode}</a>
        </Descriptions.Item>
        <Descriptions.Item label={m.amount}>{formatMoney(r.amount, r.currency)}</Descriptions.Item>
        <Descriptions.Item label={m.channel}>{RefundChannel.label(r.channel, lang)}</Descriptions.Item>
        <Descriptions.Item label={m.reason}>{RefundReason.label(r.reason, lang)}</Descriptions.Item>
        <Descriptions.Item label={m.source}>{`${r.sourceType} ${r.sourceNo || r.sourceId}`}</Descriptions.Item>
        <Descriptions.Item label={m.description} span={2}>
          {r.description}
        </Descriptions.Item>
        <Descriptions.Item label={m.result}>{r.reviewResult ? ReviewResult.label(r.reviewResult, lang) : ''}</Descriptions.Item>
        <Descriptions.Item label={m.reviewRemark}>{r.reviewRemark}</Descriptions.Item>
        <Descriptions.Item label={m.reviewer}>{r.reviewerName}</Descriptions.Item>
        <Descriptions.Item label={m.reviewTime}>{formatTime(r.reviewTime)}</Descriptions.Item>
        <Descriptions.Item label={m.transaction}>
          {r.transactionId ? <a onClick={() => navigate(`/transaction/detail/${r.transactionId}`)}>#{r.transactionId}</a> : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('common.createTime')}>{formatTime(r.createTime)}</Descriptions.Item>
      </Descriptions>
      {r.paymentRefunds.length ? (
        <Card size="small" type="inner" title={m.paymentRefunds} style={{ marginTop: 16 }}>
          <PaymentRefundTable refunds={r.paymentRefunds} />
        </Card>
      ) : null}
      {holder}
    </Card>
  );
}
