import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * A local PayPal for tests (issue #32), answering as PayPal's REST reference describes the calls Waystation makes:
 * - POST /v1/oauth2/token (HTTP Basic client id:secret, grant_type=client_credentials): an access token; 401
 *   `{"error":"invalid_client"}` for other credentials. Every other call needs `Authorization: Bearer <token>`, else 401
 *   AUTHENTICATION_FAILURE.
 * - POST /v2/checkout/orders (201, status CREATED, an `approve` link to its checkout page), GET /v2/checkout/orders/:id
 *   (404 RESOURCE_NOT_FOUND), POST /v2/checkout/orders/:id/capture (201; 422 UNPROCESSABLE_ENTITY with ORDER_NOT_APPROVED
 *   ORDER_ALREADY_CAPTURED, or INSTRUMENT_DECLINED for an order in `declined`). PayPal-Request-Id: the same id gets the first successful answer again. Amounts follow PayPal's
 *   currency rules (422 DECIMALS_NOT_SUPPORTED for decimals in JPY, HUF, TWD).
 * - POST /v1/notifications/verify-webhook-signature: SUCCESS when the transmission signature is good for the webhook id
 *   given, FAILURE otherwise.
 * Notifications are signed as PayPal's webhook guide describes (SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>`, the certificate at paypal-cert-url); the
 * PayPal SDK has no signing helper, so node:crypto signs with a key pair made here.
 */

export const FAKE_PAYPAL_CLIENT_ID = 'AWaystationTestClient-0000000000000000000000000000000000000000000000000000000001';
export const FAKE_PAYPAL_SECRET = 'EWaystationTestSecret-0000000000000000000000000000000000000000000000000000009876';
export const FAKE_PAYPAL_WEBHOOK_ID = '8PT597110X687430LKGECATA';
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

interface Capture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
}
interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: { currency_code: string; value: string };
  customId: string;
  invoiceId: string;
  capture?: Capture;
}
interface FakeRefund {
  id: string;
  captureId: string;
  status: string;
  amount: { currency_code: string; value: string };
  invoiceId: string;
  note: string;
}
export interface PaypalCall {
  method: string;
  path: string;
  requestId: string;
  body: string;
}

export async function startFakePaypal() {
  const keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const orders = new Map<string, FakeOrder>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const tokens = new Set<string>();
  const calls: PaypalCall[] = [];
  const settings = { captureStatus: 'COMPLETED' };
  /** Orders whose buyer's funding is declined at capture. */
  const declined = new Set<string>();
  /** Refunds by id; a new one's status (PENDING for the test to settle with settleRefund), and an issue every new one is refused with. */
  const paypalRefunds = new Map<string, FakeRefund>();
  const refundSettings: { status: string; refusal: string } = { status: 'PENDING', refusal: '' };
  const refundView = (r: FakeRefund) => ({
    id: r.id,
    amount: r.amount,
    invoice_id: r.invoiceId,
    note_to_payer: r.note,
    status: r.status,
    ...(r.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
    ...(r.status === 'FAILED' ? { status_details: { reason: 'REFUND_FAILED_INSUFFICIENT_FUNDS' } } : {}),
    create_time: '2026-11-22T08:10:00Z',
    update_time: '2026-11-22T08:10:00Z',
    links: [
      { href: `${url}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
      { href: `${url}/v2/payments/captures/${r.captureId}`, rel: 'up', method: 'GET' },
    ],
  });
  let seq = 0;
  const nextId = (prefix: string) => `${prefix}${String(++seq).padStart(17 - prefix.length, '0')}`;
  let url = '';
  const certUrl = () => `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-aecacc47`;

  const orderView = (o: FakeOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        reference_id: 'default',
        amount: o.amount,
        payee: { email_address: 'merchant@example.com', merchant_id: 'C7CYMKZDG8D6E' },
        custom_id: o.customId,
        invoice_id: o.invoiceId,
        ...(o.capture ? { payments: { captures: [captureView(o)] } } : {}),
      },
    ],
    create_time: '2026-11-22T08:04:10Z',
    links: [
      { href: `${url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'CREATED' ? [{ href: `${url}/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' }] : []),
      { href: `${url}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });
  const captureView = (o: FakeOrder, over: Partial<Capture> = {}) => ({
    ...o.capture!,
    ...over,
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    custom_id: o.customId,
    invoice_id: o.invoiceId,
    supplementary_data: { related_ids: { order_id: o.id } },
    create_time: '2026-11-22T08:05:00Z',
    update_time: '2026-11-22T08:05:00Z',
    links: [{ href: `${url}/v2/payments/captures/${o.capture!.id}`, rel: 'self', method: 'GET' }],
  });
  const unprocessable = (issue: string, description: string) => ({
    name: 'UNPROCESSABLE_ENTITY',
    details: [{ issue, description }],
    message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    debug_id: `f${++seq}a1b2c3d4e5`,
    links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }],
  });

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': `f${seq}a1b2c3d4e5` });
        res.end(JSON.stringify(json));
      };
      const path = new URL(req.url ?? '/', url).pathname;
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      calls.push({ method: req.method ?? '', path, requestId, body });
      if (req.method === 'GET' && path === '/checkoutnow') {
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        return res.end('<html><body>PayPal Checkout</body></html>');
      }
      if (req.method === 'POST' && path === '/v1/oauth2/token') {
        const basic = `Basic ${Buffer.from(`${FAKE_PAYPAL_CLIENT_ID}:${FAKE_PAYPAL_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== basic) return reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
          return reply(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
        }
        const token = `A21AA${crypto.randomBytes(24).toString('base64url')}`;
        tokens.add(token);
        return reply(200, {
          scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: 32400,
          nonce: `2026-11-22T08:00:00Z${crypto.randomBytes(8).toString('hex')}`,
        });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) {
        return reply(401, {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
        });
      }
      // The same PayPal-Request-Id gets the first successful answer again (PayPal keeps them 6 hours).
      const replay = requestId && answered.get(`${path} ${requestId}`);
      if (req.method === 'POST' && replay) return reply(replay.status, replay.body);
      const remember = (status: number, json: unknown) => {
        if (requestId) answered.set(`${path} ${requestId}`, { status, body: json });
        reply(status, json);
      };
      const refuse = (issue: string, description: string) => reply(422, unprocessable(issue, description));
      if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
        const v = JSON.parse(body) as Record<string, string> & { webhook_event?: unknown };
        const missing = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'].filter((k) => !v[k]);
        if (missing.length || !v.webhook_event) {
          return reply(400, {
            name: 'VALIDATION_ERROR',
            message: 'Invalid request - see details',
            details: missing.map((field) => ({ field, issue: 'MISSING_REQUIRED_PARAMETER' })),
          });
        }
        const message = `${v.transmission_id}|${v.transmission_time}|${v.webhook_id}|${zlib.crc32(JSON.stringify(v.webhook_event))}`;
        const good =
          v.auth_algo === 'SHA256withRSA' &&
          v.cert_url === certUrl() &&
          crypto.verify('sha256', Buffer.from(message), keys.publicKey, Buffer.from(v.transmission_sig!, 'base64'));
        return reply(200, { verification_status: good ? 'SUCCESS' : 'FAILURE' });
      }
      if (req.method === 'POST' && path === '/v2/checkout/orders') {
        const o = JSON.parse(body) as { intent?: string; purchase_units?: { amount?: FakeOrder['amount']; custom_id?: string; invoice_id?: string }[] };
        const unit = o.purchase_units?.[0];
        const amount = unit?.amount;
        if (o.intent !== 'CAPTURE' || !amount?.currency_code || !amount.value) {
          return reply(400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' });
        }
        if (NO_DECIMALS.has(amount.currency_code) && amount.value.includes('.')) return refuse('DECIMALS_NOT_SUPPORTED', 'Currency does not support decimals.');
        const order: FakeOrder = { id: nextId('5O19'), status: 'CREATED', amount, customId: unit?.custom_id ?? '', invoiceId: unit?.invoice_id ?? '' };
        orders.set(order.id, order);
        return remember(201, orderView(order));
      }
      const m = /^\/v2\/checkout\/orders\/(\w+)(\/capture)?$/.exec(path);
      const order = m ? orders.get(m[1]!) : undefined;
      if (m && !order) {
        return reply(404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [{ field: 'order_id', value: m[1], location: 'path', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
          message: 'The specified resource does not exist.',
        });
      }
      if (order && req.method === 'GET' && !m![2]) return reply(200, orderView(order));
      if (order && req.method === 'POST' && m![2]) {
        if (order.status === 'CREATED') return refuse('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        if (order.status !== 'APPROVED')
          return refuse('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
        if (declined.has(order.id)) {
          return refuse('INSTRUMENT_DECLINED', "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.");
        }
        order.status = 'COMPLETED';
        order.capture = { id: nextId('3C67'), status: settings.captureStatus, amount: order.amount };
        return remember(201, orderView(order));
      }
      // Refunds (issue #32.4), as PayPal's Payments v2 reference documents them.
      const refundOf = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path);
      if (req.method === 'POST' && refundOf) {
        const captured = [...orders.values()].find((o) => o.capture?.id === refundOf[1]);
        if (!captured?.capture) {
          return reply(404, {
            name: 'RESOURCE_NOT_FOUND',
            details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
            message: 'The specified resource does not exist.',
          });
        }
        if (captured.capture.status !== 'COMPLETED') return refuse('CAPTURE_NOT_COMPLETED', 'Refund cannot be issued against a capture that is not completed.');
        if (refundSettings.refusal) return refuse(refundSettings.refusal, 'The refund could not be processed.');
        const r = JSON.parse(body || '{}') as { amount?: { currency_code: string; value: string }; invoice_id?: string; note_to_payer?: string };
        const amount = r.amount ?? captured.capture.amount;
        if (amount.currency_code !== captured.capture.amount.currency_code)
          return refuse('REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
        const toMinor = (v: string) => Math.round(Number(v) * 100);
        const done = [...paypalRefunds.values()].filter((x) => x.captureId === captured.capture!.id && x.status !== 'FAILED' && x.status !== 'CANCELLED');
        const left = toMinor(captured.capture.amount.value) - done.reduce((sum, x) => sum + toMinor(x.amount.value), 0);
        if (toMinor(amount.value) > left) {
          return refuse('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
        }
        const refund = {
          id: nextId('1JU0'),
          captureId: captured.capture.id,
          status: refundSettings.status,
          amount,
          invoiceId: r.invoice_id ?? '',
          note: r.note_to_payer ?? '',
        };
        paypalRefunds.set(refund.id, refund);
        return remember(201, refundView(refund));
      }
      const refundPath = /^\/v2\/payments\/refunds\/(\w+)$/.exec(path);
      if (req.method === 'GET' && refundPath) {
        const refund = paypalRefunds.get(refundPath[1]!);
        if (!refund) return reply(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
        return reply(200, refundView(refund));
      }
      reply(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const orderOf = (id: string) => {
    const o = orders.get(id);
    if (!o) throw new Error(`no PayPal order ${id}`);
    return o;
  };

  /** An event as PayPal posts it: the body, and its transmission headers signed for `webhookId` (with `privateKey`). */
  function event(type: string, resourceType: string, resource: unknown, o: { webhookId?: string; privateKey?: crypto.KeyObject } = {}) {
    const payload = JSON.stringify({
      id: `WH-${nextId('58D3')}`,
      event_version: '1.0',
      create_time: '2026-11-22T08:05:01.000Z',
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary: `${type} event`,
      resource,
      links: [{ href: `${url}/v1/notifications/webhooks-events/WH-${seq}`, rel: 'self', method: 'GET' }],
    });
    const transmissionId = crypto.randomUUID();
    const transmissionTime = new Date().toISOString();
    const message = `${transmissionId}|${transmissionTime}|${o.webhookId ?? FAKE_PAYPAL_WEBHOOK_ID}|${zlib.crc32(payload)}`;
    return {
      payload,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': crypto.sign('sha256', Buffer.from(message), o.privateKey ?? keys.privateKey).toString('base64'),
        'paypal-cert-url': certUrl(),
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  return {
    get url() {
      return url;
    },
    calls,
    settings,
    declined,
    orderOf,
    refunds: paypalRefunds,
    refundSettings,
    /** PayPal finishes a pending refund. */
    settleRefund(id: string, status: 'COMPLETED' | 'FAILED') {
      const refund = paypalRefunds.get(id);
      if (!refund) throw new Error(`no PayPal refund ${id}`);
      refund.status = status;
    },
    /** The buyer approves the order at PayPal's checkout. */
    approve(id: string) {
      orderOf(id).status = 'APPROVED';
    },
    /** CHECKOUT.ORDER.APPROVED, CHECKOUT.ORDER.VOIDED: the order as it stands. */
    orderEvent(type: string, id: string, o?: { webhookId?: string; privateKey?: crypto.KeyObject }) {
      return event(type, 'checkout-order', orderView(orderOf(id)), o);
    },
    /** PAYMENT.CAPTURE.COMPLETED / .DENIED: the order's capture, as it stands or as `over` says. */
    captureEvent(type: string, id: string, over: Partial<Capture> = {}) {
      const o = orderOf(id);
      o.capture ??= { id: nextId('3C67'), status: 'PENDING', amount: o.amount };
      return event(type, 'capture', captureView(o, over));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakePaypal = Awaited<ReturnType<typeof startFakePaypal>>;
