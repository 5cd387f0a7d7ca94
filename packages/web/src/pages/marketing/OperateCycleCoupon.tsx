import { CouponForm } from './CouponForm';

/** marketing/OperateCycleCoupon: create or edit a cycle coupon (weekly or monthly, to a segment). */
export default function OperateCycleCoupon() {
  return <CouponForm kind="cycle" />;
}
