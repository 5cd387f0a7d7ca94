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
  let seq = 0;
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
      if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
        return reply(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      }
      const params = new URLSearchParams(body);
      calls.push({ auth: req.headers.authorization, idempotencyKey: String(req.headers['idempotency-key'] ?? ''), params });
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
      reply(200, {
        ...intent,
        amount_received: 0,
        client_secret: `${id}_secret_abc${seq}`,
        description: params.get('description'),
        status: 'requires_payment_method',
        livemode: false,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    canceled,
    succeeded,
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
