import { useState } from 'react';
import { App, Button, Card, Descriptions, Empty, Image, Result, Skeleton, Space, Table } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import type { PurchaseEvent } from '@waystation/shared/machines/purchase-order';
import { Marketplace } from '@waystation/shared/vocab/account';
import { LogisticsStatus, PatchStatus, PurchaseStatus, QcProblem, TraceType } from '@waystation/shared/vocab/goods-in';
import { specString } from '@waystation/shared/vocab/label';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { TraceTimeline } from '../../components/TraceTimeline';
import { useVerify } from '../../components/verify/useVerify';
import { PrintLabelButton } from '../../warehouse/PrintDriver';
import { formatMoney } from '../../components/money';
import { ACTION_URL, type Desk, useAction, usePurchase } from './api';
import { ActionDialog, bodyOf, FIELDS } from './ActionDialog';
import { StatusTag } from './PurchaseListView';
import { useBuyMessages, useEventLabels } from './messages';

/** One purchase line: purchase info, the seller parcel, the warehouse item with photos and label, the trace timeline, and the actions the server allows. */
export function OrderDetailView({ desk }: { desk: Desk }) {
  const t = useT();
  const m = useBuyMessages();
  const ev = useEventLabels();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = usePurchase(desk, id);
  const action = useAction();
  const [runVerified, verifyHolder] = useVerify();
  const [dialog, setDialog] = useState<PurchaseEvent | null>(null);

  if (!id) return <Result status="404" title="404" />;
  if (detail.isLoading) return <Skeleton active />;
  const d = detail.data;
  if (!d) return <Result status="warning" title={detail.error?.message} />;
  // Where the item has been: its shelving, then each move ("from → to"), oldest first.
  const locations = d.trace
    .filter((e) => e.type === 'stocking_shelved' || e.type === 'stocking_moved')
    .map((e) => ({ id: e.id, code: e.note.split(' → ').pop() ?? e.note, by: e.actorName, at: e.createTime }));

  const run = async (event: PurchaseEvent, values: Record<string, unknown> = {}) => {
    const body = bodyOf(event, d.id, values);
    const res =
      // Every way a line's money goes back to the member's balance is verified as cancelling is (the server insists).
      event === 'cancel' || event === 'fail' || event === 'patch_refund'
        ? await runVerified('cancel_purchase', d.id, (headers) => action.mutateAsync({ event, body, headers }))
        : await action.mutateAsync({ event, body });
    if (!res) return;
    setDialog(null);
    message.success(res.repeated ? `${m.done}（${PurchaseStatus.label(res.status, lang)}）` : m.done);
  };

  const start = (event: PurchaseEvent) => {
    if (FIELDS[event]) setDialog(event);
    else modal.confirm({ title: m.confirmTitle, content: `${ev[event as keyof typeof ev]}：${d.purchaseNo}`, onOk: () => run(event) });
  };

  const money = (v: number | null) => (v === null ? '-' : formatMoney(v, d.currency));
  // Only the desk's own actions: a super admin's station actions (shelve, move…) are done at the stations.
  const actions = desk === 'buy' ? d.actions.filter((e) => ACTION_URL[e]) : [];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={
          <Space>
            <span>{d.purchaseNo}</span>
            <StatusTag status={d.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {actions.map((e) => (
              <Button
                key={e}
                danger={e === 'cancel' || e === 'fail'}
                type={e === 'purchase' || e === 'claim' ? 'primary' : 'default'}
                onClick={() => start(e)}
                data-testid={`action-${e}`}
              >
                {ev[e as keyof typeof ev]}
              </Button>
            ))}
            <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" title={m.basic}>
          <Descriptions.Item label={m.product} span={2}>
            <Space align="start">
              {d.image ? <Image src={d.image} width={64} /> : null}
              <div>
                <div>{d.title}</div>
                {d.productUrl && (
                  <a href={d.productUrl} target="_blank" rel="noreferrer">
                    {m.open}
                  </a>
                )}
              </div>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={m.props}>{specString(d.propsList)}</Descriptions.Item>
          <Descriptions.Item label={m.mall}>{Marketplace.label(d.mallType, lang)}</Descriptions.Item>
          <Descriptions.Item label={m.quantity}>{d.quantity}</Descriptions.Item>
          <Descriptions.Item label={m.unitPrice}>{money(d.unitPrice)}</Descriptions.Item>
          <Descriptions.Item label={m.paid}>{money(d.paidAmount)}</Descriptions.Item>
          <Descriptions.Item label={m.orderNo}>{d.orderNo}</Descriptions.Item>
          <Descriptions.Item label={m.orderPaid}>{money(d.order.paidAmount)}</Descriptions.Item>
          <Descriptions.Item label={m.levelDiscount}>{money(d.order.levelDiscount)}</Descriptions.Item>
          {d.order.pointsUsed > 0 && <Descriptions.Item label={m.pointsUsed}>{d.order.pointsUsed}</Descriptions.Item>}
          <Descriptions.Item label={m.serviceFee}>
            {money(d.order.serviceFee)}
            {d.order.serviceFee > 0 && ` (${d.order.serviceFeePercent}%)`}
          </Descriptions.Item>
          {d.order.serviceFeeRefunded > 0 && <Descriptions.Item label={m.serviceFeeRefunded}>{money(d.order.serviceFeeRefunded)}</Descriptions.Item>}
          <Descriptions.Item label={m.member}>
            {d.userCode} {d.memberName}
          </Descriptions.Item>
          <Descriptions.Item label={m.remark}>{d.memberRemark || m.none}</Descriptions.Item>
          <Descriptions.Item label={m.purchaser}>{d.purchaserName || '-'}</Descriptions.Item>
          <Descriptions.Item label={m.payTime}>{formatTime(d.payTime)}</Descriptions.Item>
          {d.holdReason && <Descriptions.Item label={m.holdReason}>{d.holdReason}</Descriptions.Item>}
          {d.patchStatus && (
            <Descriptions.Item label={m.patch}>
              {PatchStatus.label(d.patchStatus, lang)} {money(d.patchAmount)}
            </Descriptions.Item>
          )}
          {d.refundedAmount > 0 && <Descriptions.Item label={m.refunded}>{money(d.refundedAmount)}</Descriptions.Item>}
        </Descriptions>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" title={m.record}>
          <Descriptions.Item label={m.mallOrderNo}>{d.mallOrderNo || '-'}</Descriptions.Item>
          <Descriptions.Item label={m.realPrice}>{money(d.realPrice)}</Descriptions.Item>
          <Descriptions.Item label={m.domesticFee}>{money(d.domesticFee)}</Descriptions.Item>
          <Descriptions.Item label={m.trackingNo}>{d.trackingNo || '-'}</Descriptions.Item>
          <Descriptions.Item label={m.logistics}>{d.logisticsStatus ? LogisticsStatus.label(d.logisticsStatus, lang) : '-'}</Descriptions.Item>
          <Descriptions.Item label={m.purchaseEndTime}>{formatTime(d.purchaseEndTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={m.item} size="small">
        {d.item ? (
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label={m.itemCode}>{d.item.itemCode}</Descriptions.Item>
            <Descriptions.Item label={m.quickCode}>{d.item.quickCode.join(' / ')}</Descriptions.Item>
            <Descriptions.Item label={m.shelf}>{d.item.shelfCode ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={m.weight}>{d.item.weightG} g</Descriptions.Item>
            <Descriptions.Item label={m.volume}>{d.item.volumeCm3} cm³</Descriptions.Item>
            <Descriptions.Item label={m.size}>
              {d.item.lengthMm} × {d.item.widthMm} × {d.item.heightMm} mm
            </Descriptions.Item>
            <Descriptions.Item label={m.creator}>
              {d.item.creatorName} {formatTime(d.item.createTime)}
            </Descriptions.Item>
            {d.item.qcProblem && (
              <Descriptions.Item label={m.qcProblem}>
                {QcProblem.label(d.item.qcProblem, lang)} {d.item.qcNote}
              </Descriptions.Item>
            )}
            {locations.length > 0 && (
              <Descriptions.Item label={m.locationHistory} span={3}>
                <Space orientation="vertical" size={0} data-testid="location-history">
                  {locations.map((l) => (
                    <span key={l.id}>
                      {l.code} · {l.by} · {formatTime(l.at)}
                    </span>
                  ))}
                </Space>
              </Descriptions.Item>
            )}
            <Descriptions.Item label="">
              <PrintLabelButton station="detail" url={d.item.labelUrl} />
            </Descriptions.Item>
            <Descriptions.Item label={m.photos} span={3}>
              <Image.PreviewGroup>
                <Space wrap>
                  {d.item.media.map((f) =>
                    f.kind === 'image' ? (
                      <Image key={f.fileUri} src={f.fileUrl} width={96} height={96} style={{ objectFit: 'cover' }} />
                    ) : (
                      <video key={f.fileUri} src={f.fileUrl} width={160} controls />
                    ),
                  )}
                  {!d.item.media.length && m.none}
                </Space>
              </Image.PreviewGroup>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty description={m.noItem} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
      {d.siblings.length > 0 && (
        <Card title={m.siblings} size="small">
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={d.siblings}
            columns={[
              { key: 'no', title: m.purchaseNo, render: (_, r) => <a onClick={() => navigate(`?id=${r.id}`)}>{r.purchaseNo}</a> },
              { key: 'title', title: m.product, dataIndex: 'title' },
              { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
            ]}
          />
        </Card>
      )}
      <Card title={m.trace} size="small" data-testid="trace">
        <TraceTimeline entries={d.trace} types={TraceType} statuses={PurchaseStatus} />
      </Card>
      {dialog && <ActionDialog event={dialog} line={d} busy={action.isPending} onOk={(v) => void run(dialog, v)} onCancel={() => setDialog(null)} />}
      {verifyHolder}
    </Space>
  );
}
