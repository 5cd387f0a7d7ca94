import crypto from 'node:crypto';
import type { ApiError, Client, OAuthToken, Order, OrdersController } from '@paypal/paypal-server-sdk';
import { ErrorCode } from '@waystation/shared/contract/common';
import { decimalToMinor, minorToDecimal } from '@waystation/shared/contract/reference';
import { AppError, invalid } from '../../core/errors';
import { safeFetch } from '../../core/outbound';
import type { SecretBox } from '../../core/secrets';
import type { ChannelCredentials } from './service';

/**
 * PayPal behind a payment channel (issue #32), through PayPal's own server SDK (@paypal/paypal-server-sdk, Orders v2):
 * an order per top-up (intent CAPTURE) whose approval link the member's browser opens, the capture once PayPal says the
 * buyer approved, and PayPal's notification confirmed by PayPal itself (verify-webhook-signature). The SDK's requests
 * (its OAuth token included) go through safeFetch, to the channel's API address.
 */

export interface PaypalAccount {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in PayPal's developer dashboard: PayPal signs each notification for it. */
  webhookId: string;
  /** '' = api-m.paypal.com. */
  apiBase: string;
}

export const PAYPAL_API = 'https://api-m.paypal.com';
const TIMEOUT_MS = 20_000;

/**
 * The currencies PayPal's REST API takes (developer.paypal.com, Reference › Currency codes; BRL, CNY and MYR for
 * in-country accounts only, which PayPal itself enforces).
 */
export const PAYPAL_CURRENCIES = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);
/** Those PayPal takes without decimals ("a decimal amount causes an error"). */
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

/** Our minor units (hundredths) as PayPal's amount value: "100.60", or "1000" where PayPal takes no decimals. */
export function toPaypalValue(minor: number, currency: string): string {
  if (!NO_DECIMALS.has(currency)) return minorToDecimal(minor);
  if (minor % 100 !== 0) throw invalid('amount', `${currency} 只能支付整数金额`);
  return String(minor / 100);
}
/** PayPal's amount value in our minor units; -1 when unreadable (never what was asked). */
function fromPaypalValue(value: string | undefined): number {
  try {
    return decimalToMinor(value ?? '');
  } catch {
    return -1;
  }
}

/**
 * A PayPal channel's keys as they will be stored (service.gatewayCredentials), on top of those kept: the client id and
 * the webhook id as typed, the client secret sealed beside its hint (an empty one keeps the stored one); only
 * currencies PayPal takes.
 */
export function paypalCredentials(
  secrets: SecretBox,
  input: { clientId: string; clientSecret: string; webhookId: string; currencies: string[] },
  credentials: ChannelCredentials,
): ChannelCredentials {
  if (!input.clientId) throw invalid('clientId', '请输入 PayPal 应用的 Client ID');
  const { clientSecret } = input;
  if (clientSecret) Object.assign(credentials, { clientSecret: secrets.seal(clientSecret), clientSecretHint: `••••${clientSecret.slice(-4)}` });
  if (!credentials.clientSecret) throw invalid('clientSecret', '请输入 PayPal 应用的 Client secret');
  if (!input.webhookId) throw invalid('webhookId', '请输入 PayPal 的 Webhook ID（在 PayPal 开发者后台添加 Webhook 后显示）');
  const unsupported = input.currencies.filter((c) => !PAYPAL_CURRENCIES.has(c));
  if (unsupported.length) throw invalid('currencies', `PayPal 不支持币种：${unsupported.join(', ')}`);
  return Object.assign(credentials, { clientId: input.clientId, webhookId: input.webhookId });
}

// ---------------------------------------------------------------- the SDK's HTTP, through safeFetch

/** What the SDK's axios hands an adapter (only what is read here). */
interface AdapterConfig {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
  auth?: { username: string; password: string };
}

/**
 * The SDK sends its requests with axios (apimatic's adapter), and takes axios options (`unstable_httpClientOptions`):
 * this adapter hands each request to safeFetch, so the SDK reaches only addresses the server may call, checked after
 * DNS and on every redirect. The SDK knows only PayPal's two addresses (live and sandbox): its own base is replaced by
 * the channel's API address here, the path and query kept. The SDK's bodies are text (JSON, or the token call's form);
 * anything else is refused rather than sent unchecked.
 */
const safeAdapter = (apiBase: string) => async (config: AdapterConfig) => {
  const sdkUrl = new URL(config.url ?? '/');
  const target = new URL(`${sdkUrl.pathname}${sdkUrl.search}`, apiBase);
  const headers = new Headers();
  const given = config.headers?.toJSON ? config.headers.toJSON() : (config.headers ?? {});
  for (const [name, value] of Object.entries(given)) if (value != null && value !== false) headers.set(name, String(value));
  if (config.auth) headers.set('authorization', `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`);
  if (config.data != null && typeof config.data !== 'string') throw new TypeError('only text bodies are sent to PayPal');
  const res = await safeFetch(target.href, {
    method: (config.method ?? 'GET').toUpperCase(),
    headers,
    body: config.data ?? undefined,
    timeoutMs: TIMEOUT_MS,
  });
  // The SDK accepts every status (validateStatus) and reads the text itself.
  return { data: await res.text(), status: res.status, statusText: res.statusText, headers: Object.fromEntries(res.headers), config, request: {} };
};

/** OAuth tokens by account (address, client id and secret): reused until they expire, as PayPal asks. */
const tokens = new Map<string, OAuthToken>();
const tokenKey = (a: PaypalAccount) => crypto.createHash('sha256').update(`${a.apiBase}\n${a.clientId}\n${a.clientSecret}`).digest('hex');

type PaypalSdk = typeof import('@paypal/paypal-server-sdk');
let loadedSdk: PaypalSdk | undefined;
/** PayPal's SDK, loaded at its first use: it is large (about 40 MB and 0.7 s to load) and most servers never call it. */
async function paypalSdk(): Promise<PaypalSdk> {
  loadedSdk ??= await import('@paypal/paypal-server-sdk');
  return loadedSdk;
}
/** An error PayPal answered (only the loaded SDK throws one). */
const isApiError = (err: unknown): err is ApiError => !!loadedSdk && err instanceof loadedSdk.ApiError;

async function client(account: PaypalAccount): Promise<Client> {
  const key = tokenKey(account);
  const sdk = await paypalSdk();
  return new sdk.Client({
    // Its address is replaced by the channel's (safeAdapter).
    environment: sdk.Environment.Production,
    timeout: TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: account.clientId,
      oAuthClientSecret: account.clientSecret,
      oAuthToken: tokens.get(key),
      oAuthOnTokenUpdate: (token) => tokens.set(key, token),
    },
    unstable_httpClientOptions: { adapter: safeAdapter(account.apiBase || PAYPAL_API) },
  });
}

/** PayPal's error body: `{name, message, details: [{issue, description}]}`, or OAuth's `{error, error_description}`. */
interface PaypalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
  error_description?: string;
}
const issueOf = (err: unknown) => (isApiError(err) ? ((err.result as PaypalErrorBody | undefined)?.details?.[0]?.issue ?? '') : '');

/** What went wrong at PayPal, in the words the member site shows; an address refused by safeFetch as it is. */
function paypalFailure(err: unknown, account: PaypalAccount): AppError {
  for (let e = err as { cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e instanceof AppError) return e;
  if (isApiError(err)) {
    const body = (err.result ?? {}) as PaypalErrorBody;
    if (err.statusCode === 401) {
      tokens.delete(tokenKey(account)); // a token PayPal no longer takes: the next call asks for a new one
      return new AppError(ErrorCode.CONFLICT, '支付网关的 Client ID 或 Client secret 无效，请联系客服');
    }
    if (err.statusCode >= 400 && err.statusCode < 500) {
      const detail = body.details?.[0]?.description || body.message || body.error_description || body.name || '';
      return new AppError(ErrorCode.CONFLICT, `支付网关拒绝了这笔支付：${detail}`.trim());
    }
  }
  return new AppError(ErrorCode.CONFLICT, '支付网关暂时无法连接，请稍后重试');
}

async function ordersOf(account: PaypalAccount): Promise<OrdersController> {
  const sdk = await paypalSdk();
  return new sdk.OrdersController(await client(account));
}

async function attempt<T>(account: PaypalAccount, call: (orders: OrdersController) => Promise<T>): Promise<T> {
  try {
    return await call(await ordersOf(account));
  } catch (err) {
    throw paypalFailure(err, account);
  }
}

// ---------------------------------------------------------------- orders

/** A capture as PayPal tells it (amount in our minor units). */
export interface PaypalCapture {
  id: string;
  /** COMPLETED, PENDING, DECLINED, FAILED, (PARTIALLY_)REFUNDED. */
  status: string;
  amount: number;
  currency: string;
}
/** An order as PayPal tells it: its status, the intent number it carries, its capture once captured. */
export interface PaypalOrder {
  id: string;
  status: string;
  intentNo: string;
  capture: PaypalCapture | null;
}

function readOrder(order: Order): PaypalOrder {
  const unit = order.purchaseUnits?.[0];
  const c = unit?.payments?.captures?.[0];
  return {
    id: order.id ?? '',
    status: order.status ?? '',
    intentNo: unit?.customId ?? unit?.invoiceId ?? '',
    capture: c ? { id: c.id ?? '', status: c.status ?? '', amount: fromPaypalValue(c.amount?.value), currency: c.amount?.currencyCode ?? '' } : null,
  };
}

/**
 * An order for `total` (our minor units): its id and the link the buyer approves it at. The intent number is the
 * order's custom_id and invoice_id; PayPal-Request-Id makes a retry get the same order back, never a second one.
 */
export async function createPaypalOrder(
  account: PaypalAccount,
  p: { intentNo: string; total: number; currency: string; description: string; returnUrl?: string },
): Promise<{ id: string; approveUrl: string }> {
  const { CheckoutPaymentIntent } = await paypalSdk();
  const { result } = await attempt(account, (orders) =>
    orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            amount: { currencyCode: p.currency, value: toPaypalValue(p.total, p.currency) },
            customId: p.intentNo,
            invoiceId: p.intentNo,
            description: p.description,
          },
        ],
        // Without it PayPal shows the buyer an error page after approving; the notification completes the top-up either way.
        ...(p.returnUrl ? { applicationContext: { returnUrl: p.returnUrl, cancelUrl: p.returnUrl } } : {}),
      },
      paypalRequestId: `waystation-${p.intentNo}`,
    }),
  );
  // `approve` for an order made without a payment source; `payer-action` when one is given.
  const link = result.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action');
  return { id: result.id ?? '', approveUrl: link?.href ?? '' };
}

/** An order as PayPal tells it now; null when PayPal has no such order (any more). */
export async function getPaypalOrder(account: PaypalAccount, orderId: string): Promise<PaypalOrder | null> {
  try {
    const { result } = await (await ordersOf(account)).getOrder({ id: orderId });
    return readOrder(result);
  } catch (err) {
    if (isApiError(err) && err.statusCode === 404) return null;
    throw paypalFailure(err, account);
  }
}

/**
 * Captures an approved order (PayPal-Request-Id: a repeat gets the same capture back). An order captured already
 * (ORDER_ALREADY_CAPTURED, the request id forgotten after PayPal's 6 hours) is read instead. PayPal's refusal (422:
 * not approved, the buyer's funding declined…) comes back as `refused`, with PayPal's words.
 */
export async function capturePaypalOrder(account: PaypalAccount, orderId: string, intentNo: string): Promise<PaypalOrder | { refused: string }> {
  try {
    const { result } = await (await ordersOf(account)).captureOrder({
      id: orderId,
      paypalRequestId: `waystation-capture-${intentNo}`,
      // The whole order back, its capture included (the default, return=minimal, has only the order's status).
      prefer: 'return=representation',
    });
    return readOrder(result);
  } catch (err) {
    if (issueOf(err) === 'ORDER_ALREADY_CAPTURED') {
      const order = await getPaypalOrder(account, orderId);
      if (order) return order;
    }
    if (isApiError(err) && err.statusCode === 422) return { refused: issueOf(err) || 'UNPROCESSABLE_ENTITY' };
    throw paypalFailure(err, account);
  }
}

// ---------------------------------------------------------------- notifications

/** The transmission headers PayPal sends with each notification (paypal-transmission-id, …). */
export interface PaypalTransmission {
  transmissionId?: string;
  transmissionTime?: string;
  transmissionSig?: string;
  certUrl?: string;
  authAlgo?: string;
}

/**
 * Whether PayPal confirms the notification: PayPal's own POST /v1/notifications/verify-webhook-signature with the
 * transmission headers, the channel's webhook id and the event exactly as received (its signature covers the body's
 * CRC32, so the raw text is sent, never a re-serialized copy). The SDK has no call for this endpoint: it is a plain
 * request through safeFetch with the SDK's OAuth token (fetched and cached as for the SDK's own calls). Only
 * `verification_status: SUCCESS` counts; a PayPal that cannot be reached is a 409 (PayPal delivers again).
 */
export async function paypalConfirms(account: PaypalAccount, t: PaypalTransmission, rawBody: string): Promise<boolean> {
  const fields = {
    auth_algo: t.authAlgo,
    cert_url: t.certUrl,
    transmission_id: t.transmissionId,
    transmission_sig: t.transmissionSig,
    transmission_time: t.transmissionTime,
  };
  if (Object.values(fields).some((v) => !v) || !account.webhookId || !rawBody.trim().startsWith('{')) return false;
  try {
    const sdk = await client(account);
    const key = tokenKey(account);
    const token = await sdk.clientCredentialsAuthManager.updateToken(tokens.get(key));
    tokens.set(key, token);
    const res = await safeFetch(`${(account.apiBase || PAYPAL_API).replace(/\/$/, '')}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.accessToken}` },
      body: `${JSON.stringify({ ...fields, webhook_id: account.webhookId }).slice(0, -1)},"webhook_event":${rawBody}}`,
      timeoutMs: TIMEOUT_MS,
    });
    const text = await res.text();
    if (res.status === 401) tokens.delete(key);
    if (res.status === 401 || res.status >= 500) throw new AppError(ErrorCode.CONFLICT, '支付网关暂时无法连接，请稍后重试');
    return res.ok && (JSON.parse(text) as { verification_status?: string }).verification_status === 'SUCCESS';
  } catch (err) {
    if (err instanceof SyntaxError) return false;
    throw paypalFailure(err, account);
  }
}

/** What a notification is about: an order (approved, voided) or its capture (completed, denied). */
export interface PaypalEvent {
  type: string;
  orderId: string;
  intentNo: string;
  /** The capture's, in our minor units (-1 unread); 0 for an order event. */
  amount: number;
  currency: string;
}

/** The event PayPal posted (already confirmed by paypalConfirms). */
export function paypalEvent(body: unknown): PaypalEvent {
  const e = (body ?? {}) as { event_type?: string; resource?: Record<string, unknown> };
  const r = (e.resource ?? {}) as {
    id?: string;
    custom_id?: string;
    invoice_id?: string;
    amount?: { currency_code?: string; value?: string };
    purchase_units?: { custom_id?: string; invoice_id?: string }[];
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
  const type = String(e.event_type ?? '');
  if (type.startsWith('CHECKOUT.ORDER.')) {
    const unit = r.purchase_units?.[0];
    return { type, orderId: String(r.id ?? ''), intentNo: String(unit?.custom_id ?? unit?.invoice_id ?? ''), amount: 0, currency: '' };
  }
  return {
    type,
    orderId: String(r.supplementary_data?.related_ids?.order_id ?? ''),
    intentNo: String(r.custom_id ?? r.invoice_id ?? ''),
    amount: fromPaypalValue(r.amount?.value),
    currency: String(r.amount?.currency_code ?? ''),
  };
}

/** For the refund calls (paypalRefunds.ts), kept apart so this file stays within its size: the SDK client and its failures. */
export { client as paypalClient, isApiError as isPaypalApiError, paypalFailure, paypalSdk };
