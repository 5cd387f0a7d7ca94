import { PurchaseListView } from './PurchaseListView';

/** buy/BuyOrderList: the purchase desk's lines by status; claim from here. */
export default function BuyOrderList() {
  return <PurchaseListView desk="buy" detailPath="/buyModule/orderDetail" />;
}
