import { PurchaseListView } from './PurchaseListView';

/** buy/HoldOrderList: lines on hold (purchase_hold), waiting for a seller, a member's decision or a QC answer. */
export default function HoldOrderList() {
  return <PurchaseListView desk="buy" fixedStatus="purchase_hold" detailPath="/buyModule/orderDetail" />;
}
