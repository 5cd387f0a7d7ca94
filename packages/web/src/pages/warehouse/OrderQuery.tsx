import { PurchaseListView } from '../purchase/PurchaseListView';

/** warehouse/OrderQuery: order lines from the warehouse's side (purchased → shelved), read-only. */
export default function OrderQuery() {
  return <PurchaseListView desk="warehouse" detailPath="/WarehouseManage/orderDetail" />;
}
