import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Table, Tag, Typography } from 'antd';
import { type CarrierShipment, warehousePackageBookCarrierCall, warehousePackageCarrierShipmentsCall } from '@waystation/shared/contract/goodsOut/carriers';
import { call } from '../../api/request';
import { formatTime } from '../../utils/time';
import { goodsOutKeys, useGoodsOutWrite } from './api';
import { useGoodsOutMessages } from './messages';

const STATUS_COLOR: Record<CarrierShipment['status'], string> = {
  booking: 'processing',
  booked: 'success',
  refused: 'error',
  cancel_pending: 'warning',
  canceled: 'default',
};

function StatusOf({ status }: { status: CarrierShipment['status'] }) {
  const m = useGoodsOutMessages();
  const label: Record<CarrierShipment['status'], string> = {
    booking: m.carrierBooking,
    booked: m.carrierBooked,
    refused: m.carrierRefused,
    cancel_pending: m.carrierCancelPending,
    canceled: m.carrierCanceled,
  };
  return <Tag color={STATUS_COLOR[status]}>{label[status]}</Tag>;
}

/** Books the package with its forwarder's carrier again (after a refusal). */
function RetryButton({ id, onBooked }: { id: number; onBooked?: (s: CarrierShipment) => void }) {
  const m = useGoodsOutMessages();
  const { message } = App.useApp();
  const book = useGoodsOutWrite(() => call(warehousePackageBookCarrierCall, { id }));
  return (
    <Button
      size="small"
      loading={book.isPending}
      data-testid="carrier-retry"
      onClick={async () => {
        const s = await book.mutateAsync(undefined);
        if (s.status === 'booked') message.success(m.carrierBookedOk);
        onBooked?.(s);
      }}
    >
      {m.carrierRetry}
    </Button>
  );
}

/** 包裹详情's 承运商运单: the shipments booked with the forwarder's carrier (issue #33.2), the latest first. */
export function PackCarrier({ id }: { id: number }) {
  const m = useGoodsOutMessages();
  const shipments = useQuery({
    queryKey: [...goodsOutKeys.all, 'carrierShipments', id],
    queryFn: () => call(warehousePackageCarrierShipmentsCall, { id }),
  });
  const list = shipments.data ?? [];
  if (!list.length) return null;
  return (
    <Card size="small" title={m.carrierCard} data-testid="pack-carrier" extra={list[0]?.status === 'refused' && <RetryButton id={id} />}>
      <Table<CarrierShipment>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={list}
        columns={[
          { key: 'carrier', title: m.carrier, dataIndex: 'carrierLabel' },
          {
            key: 'trackingNo',
            title: m.trackingNo,
            render: (_, s) => <Typography.Text copyable={!!s.trackingNo}>{s.trackingNo || '-'}</Typography.Text>,
          },
          { key: 'status', title: m.status, render: (_, s) => <StatusOf status={s.status} /> },
          { key: 'error', title: m.carrierError, render: (_, s) => (s.error ? <Typography.Text type="danger">{s.error}</Typography.Text> : '-') },
          { key: 'time', title: m.carrierTime, render: (_, s) => formatTime(s.modifyTime) },
        ]}
      />
    </Card>
  );
}

/** The packing station's word on the booking after the weighing: the carrier's tracking number, or its refusal and a retry. */
export function CarrierOutcome({ id, shipment, onBooked }: { id: number; shipment: CarrierShipment; onBooked: (s: CarrierShipment) => void }) {
  const m = useGoodsOutMessages();
  if (shipment.status === 'booked') {
    return <Alert type="success" showIcon data-testid="carrier-booked" title={`${shipment.carrierLabel} ${m.trackingNo}: ${shipment.trackingNo}`} />;
  }
  if (shipment.status !== 'refused') return <StatusOf status={shipment.status} />;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="carrier-refused"
      title={m.carrierRefusedTitle}
      description={shipment.error}
      action={<RetryButton id={id} onBooked={onBooked} />}
    />
  );
}
