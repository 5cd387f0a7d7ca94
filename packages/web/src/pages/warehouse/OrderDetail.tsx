import { OrderDetailView } from '../purchase/OrderDetailView';

/** warehouse/OrderDetail (/WarehouseManage/orderDetail?id=): a line, its item, label and trace. */
export default function OrderDetail() {
  return <OrderDetailView desk="warehouse" />;
}
