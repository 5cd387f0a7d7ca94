import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local Stripe for tests (issue #32): it answers as Stripe's API reference documents the calls Waystation makes —
 * POST /v1/payment_intents (form-encoded parameters, a PaymentIntent back), POST /v1/payment_intents/:id/cancel (400
 * payment_intent_unexpected_state for one that succeeded), GET /v1/payment_intents?created[gte]&created[lt] (a list
 * object), and 401 with an error object for any other key. `succeeded` holds the PaymentIntents it treats as paid.
 * Notifications are signed with the Stripe SDK's own test header helper.
 */

export const FAKE_STRIPE_KEY = 'sk_test_51Waystation0000000000000000KEY1';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_waystation_test_signing_secret_9876';

export interface StripeCall {
  auth: string;
  idempotencyKey: string;
  params: URLSearchParams;
}
interface StoredRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}
interface StoredIntent {
  id: string;
  object: string;
  amount: number;
  currency: string;
  metadata: { intentNo: string };
  created: number;
}

export async function startFakeStripe(now: () => Date) {
  const calls: StripeCall[] = [];
  const canceled: string[] = [];
  const succeeded = new Set<string>();
  const created = new Map<string, StoredIntent>();
  const answersByKey = new Map<string, unknown>();
  let seq = 0;
  const refundCalls: StripeCall[] = [];
  const refunds = new Map<string, StoredRefund>();
  const refundsByKey = new Map<string, string>();
  const refundedOf = new Map<string, number>();
  /** The status a new refund answers with: 'succeeded', or 'pending' for the test to settle with settleRefund. */
  const refundSettings = { status: 'pending' as string };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
      }
      const cancel = /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/.exec(req.url ?? '');
      if (req.method === 'POST' && cancel) {
        canceled.push(cancel[1]!);
        // A PaymentIntent that succeeded meanwhile cannot be canceled: Stripe answers 400 with the intent as it is.
        if (succeeded.has(cancel[1]!)) {
          return reply(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent could not be canceled because it has a status of succeeded.',
              payment_intent: { id: cancel[1], object: 'payment_intent', status: 'succeeded' },
            },
          });
        }
        return reply(200, { id: cancel[1], object: 'payment_intent', status: 'canceled', cancellation_reason: 'abandoned' });
      }
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
        // As Stripe's list call: created[gte] / created[lt] in unix seconds, newest first.
        const gte = Number(url.searchParams.get('created[gte]') ?? 0);
        const lt = Number(url.searchParams.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
        const data = [...created.values()]
          .filter((pi) => pi.created >= gte && pi.created < lt)
          .reverse()
          .map((pi) => ({
            ...pi,
            status: succeeded.has(pi.id) ? 'succeeded' : 'requires_payment_method',
            amount_received: succeeded.has(pi.id) ? pi.amount : 0,
          }));
        return reply(200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' });
      }
      // Refunds (issue #32.4), as Stripe's reference documents POST /v1/refunds and GET /v1/refunds/:id.
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const params = new URLSearchParams(body);
        const key = String(req.headers['idempotency-key'] ?? '');
        refundCalls.push({ auth: req.headers.authorization, idempotencyKey: key, params });
        // The same Idempotency-Key gets the first answer again (Stripe keeps keys 24 hours).
        const again = key ? refundsByKey.get(key) : undefined;
        if (again) return reply(200, refunds.get(again));
        const pi = params.get('payment_intent') ?? '';
        const paid = created.get(pi);
        if (!paid || !succeeded.has(pi)) {
          return reply(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent (${pi}) does not have a successful charge to refund.`,
            },
          });
        }
        const amount = Number(params.get('amount') ?? paid.amount);
        const left = paid.amount - (refundedOf.get(pi) ?? 0);
        if (amount > left) {
          return reply(400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              param: 'amount',
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
            },
          });
        }
        refundedOf.set(pi, (refundedOf.get(pi) ?? 0) + amount);
        const refund: StoredRefund = {
          id: `re_3Test${String(++seq).padStart(6, '0')}`,
          object: 'refund',
          amount,
          currency: paid.currency,
          payment_intent: pi,
          status: refundSettings.status,
          failure_reason: null,
          metadata: Object.fromEntries([...params].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
          created: Math.floor(now().getTime() / 1000),
        };
        refunds.set(refund.id, refund);
        if (key) refundsByKey.set(key, refund.id);
        return reply(200, refund);
      }
      const refundPath = /^\/v1\/refunds\/(re_\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && refundPath) {
        const refund = refunds.get(refundPath[1]!);
        if (!refund) return reply(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such refund: '${refundPath[1]}'` } });
        return reply(200, refund);
      }
      if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
        return reply(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      }
      const params = new URLSearchParams(body);
      const key = String(req.headers['idempotency-key'] ?? '');
      calls.push({ auth: req.headers.authorization, idempotencyKey: key, params });
      // The same Idempotency-Key gets the first answer again (Stripe keeps keys 24 hours).
      const first = key ? answersByKey.get(key) : undefined;
      if (first) return reply(200, first);
      const id = `pi_3Test${String(++seq).padStart(6, '0')}`;
      const intent: StoredIntent = {
        id,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency') ?? '',
        metadata: { intentNo: params.get('metadata[intentNo]') ?? '' },
        created: Math.floor(now().getTime() / 1000),
      };
      created.set(id, intent);
      const answer = {
        ...intent,
        amount_received: 0,
        client_secret: `${id}_secret_abc${seq}`,
        description: params.get('description'),
        status: 'requires_payment_method',
        livemode: false,
      };
      if (key) answersByKey.set(key, answer);
      reply(200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    canceled,
    succeeded,
    refundCalls,
    refunds,
    refundSettings,
    /** Stripe finishes a pending refund: succeeded, or failed with a reason (its amount is then refundable again). */
    settleRefund(id: string, status: 'succeeded' | 'failed', failureReason = 'expired_or_canceled_card') {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no Stripe refund ${id}`);
      refund.status = status;
      if (status === 'failed') {
        refund.failure_reason = failureReason;
        refundedOf.set(refund.payment_intent, (refundedOf.get(refund.payment_intent) ?? 0) - refund.amount);
      }
    },
    /** Stripe's event about a PaymentIntent, as the body it posts and its Stripe-Signature header. */
    event(type: string, pi: { id: string; amount: number; currency: string; intentNo: string }, secret = FAKE_STRIPE_WEBHOOK_SECRET) {
      const payload = JSON.stringify({
        id: `evt_${pi.id}_${type}`,
        object: 'event',
        type,
        data: {
          object: {
            id: pi.id,
            object: 'payment_intent',
            amount: pi.amount,
            amount_received: pi.amount,
            currency: pi.currency,
            metadata: { intentNo: pi.intentNo },
          },
        },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
