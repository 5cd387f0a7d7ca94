import { CouponForm } from './CouponForm';

/** marketing/OperateConstCoupon: create or edit a fixed coupon. */
export default function OperateConstCoupon() {
  return <CouponForm kind="const" />;
}
