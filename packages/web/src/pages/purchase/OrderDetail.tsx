import { OrderDetailView } from './OrderDetailView';

/** buy/OrderDetail (/buyModule/orderDetail?id=): a line with its trace and the desk's actions. */
export default function OrderDetail() {
  return <OrderDetailView desk="buy" />;
}
