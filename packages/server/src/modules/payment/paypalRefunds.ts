import type { Refund } from '@paypal/paypal-server-sdk';
import { isPaypalApiError, type PaypalAccount, paypalClient, paypalFailure, paypalSdk, toPaypalValue } from './paypal';

/**
 * PayPal's refund of a capture (issue #32.4), through PayPal's own server SDK (Payments v2): POST
 * /v2/payments/captures/{id}/refund with PayPal-Request-Id, and GET /v2/payments/refunds/{id} to follow one PayPal
 * has not completed yet. The SDK's requests go through safeFetch (paypal.ts's client).
 */

/** A refund as PayPal tells it: COMPLETED, PENDING (not final), FAILED or CANCELLED. */
export interface PaypalRefund {
  id: string;
  status: string;
  /** PayPal's reason for a refund not completed (status_details.reason). */
  failure: string;
}

async function paymentsOf(account: PaypalAccount) {
  const sdk = await paypalSdk();
  return new sdk.PaymentsController(await paypalClient(account));
}

const readRefund = (r: Refund): PaypalRefund => ({ id: r.id ?? '', status: r.status ?? '', failure: r.statusDetails?.reason ?? '' });

/**
 * Refunds `amount` (our minor units) of a capture. `refundNo` is PayPal-Request-Id (a repeat gets the same refund
 * back) and the refund's invoice_id. PayPal's refusal (422: more than is left, the capture refunded already…) comes
 * back as `refused`, with PayPal's words; a PayPal that cannot be reached throws.
 */
export async function refundPaypalCapture(
  account: PaypalAccount,
  p: { captureId: string; amount: number; currency: string; refundNo: string; note: string },
): Promise<PaypalRefund | { refused: string }> {
  try {
    const { result } = await (await paymentsOf(account)).refundCapturedPayment({
      captureId: p.captureId,
      paypalRequestId: `waystation-refund-${p.refundNo}`,
      prefer: 'return=representation',
      body: {
        amount: { currencyCode: p.currency, value: toPaypalValue(p.amount, p.currency) },
        invoiceId: p.refundNo,
        ...(p.note ? { noteToPayer: p.note.slice(0, 255) } : {}),
      },
    });
    return readRefund(result);
  } catch (err) {
    if (isPaypalApiError(err) && err.statusCode === 422) {
      const body = (err.result ?? {}) as { details?: { issue?: string; description?: string }[]; message?: string };
      return { refused: body.details?.[0]?.description || body.details?.[0]?.issue || body.message || 'UNPROCESSABLE_ENTITY' };
    }
    throw paypalFailure(err, account);
  }
}

/** A refund as PayPal has it now. */
export async function getPaypalRefund(account: PaypalAccount, refundId: string): Promise<PaypalRefund> {
  try {
    const { result } = await (await paymentsOf(account)).getRefund({ refundId });
    return readRefund(result);
  } catch (err) {
    throw paypalFailure(err, account);
  }
}
