import crypto from 'node:crypto';
import type { AlipaySdk, AlipaySdkCommonResult, ProxyAgent } from 'alipay-sdk';
import { ErrorCode } from '@waystation/shared/contract/common';
import { decimalToMinor, minorToDecimal } from '@waystation/shared/contract/reference';
import { AppError, invalid } from '../../core/errors';
import { safeFetch } from '../../core/outbound';
import { businessDateTime } from '../../platform/businessTime';

/**
 * Alipay's open platform behind a payment channel (issue #32), through Alipay's own SDK (alipay-sdk 4): a page payment
 * (alipay.trade.page.pay) is a URL the SDK signs locally with the app private key, the member's browser goes there;
 * Alipay's asynchronous notification is checked by the SDK with Alipay's public key; alipay.trade.close and
 * alipay.trade.query are the only calls made from here, their answers' signatures checked by the SDK too.
 */

export interface AlipayAccount {
  appId: string;
  /** The app private key, PKCS#8 PEM. */
  privateKey: string;
  /** Alipay's public key, SPKI PEM. */
  alipayPublicKey: string;
  /** '' = openapi.alipay.com. */
  apiBase: string;
}

export const ALIPAY_API = 'https://openapi.alipay.com';
/** Alipay counts in yuan with two decimals: only CNY can be paid through it. */
export const ALIPAY_CURRENCY = 'CNY';
const TIMEOUT_MS = 20_000;

// ---------------------------------------------------------------- keys

const keyBody = (text: string) => text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
/** What the screens show of a key: its last 4 characters of key material (••••1234). */
export const keyHint = (text: string) => `••••${keyBody(text).slice(-4)}`;

/** The key read as PEM, else as the DER its Base64 body makes (bare Base64, or PEM whose line breaks were lost). */
function parseKey<T>(text: string, pem: (t: string) => T, der: ((b: Buffer) => T)[]): T | null {
  const readers = [...(text.includes('-----BEGIN') ? [() => pem(text)] : []), ...der.map((read) => () => read(Buffer.from(keyBody(text), 'base64')))];
  for (const read of readers) {
    try {
      return read();
    } catch {
      // try the next encoding
    }
  }
  return null;
}

const privateKeyOf = (text: string) =>
  parseKey(text, (t) => crypto.createPrivateKey(t), [
    (b) => crypto.createPrivateKey({ key: b, format: 'der', type: 'pkcs8' }),
    (b) => crypto.createPrivateKey({ key: b, format: 'der', type: 'pkcs1' }),
  ]);

/**
 * The app private key as the operator pastes it (PKCS#1 or PKCS#8, PEM or the bare Base64 Alipay's key tool writes),
 * as PKCS#8 PEM; 40001 when it is no RSA private key.
 */
export function normalizePrivateKey(text: string): string {
  const key = privateKeyOf(text);
  if (key?.asymmetricKeyType !== 'rsa') throw invalid('privateKey', '应用私钥无效：需 PKCS#1 或 PKCS#8 格式的 RSA 私钥');
  return (key.export({ type: 'pkcs8', format: 'pem' }) as string).trim();
}

/** Alipay's public key (PEM or the bare Base64 the open platform shows) as SPKI PEM; 40001 when it is no RSA public key. */
export function normalizePublicKey(text: string): string {
  // node derives a public key from a private one: a private key pasted here is refused, never stored in the clear.
  const key = privateKeyOf(text)
    ? null
    : parseKey(text, (t) => crypto.createPublicKey(t), [
        (b) => crypto.createPublicKey({ key: b, format: 'der', type: 'spki' }),
        (b) => crypto.createPublicKey({ key: b, format: 'der', type: 'pkcs1' }),
      ]);
  if (key?.asymmetricKeyType !== 'rsa') throw invalid('alipayPublicKey', '支付宝公钥无效：需 RSA 公钥（PEM 或 Base64）');
  return (key.export({ type: 'spki', format: 'pem' }) as string).trim();
}

// ---------------------------------------------------------------- the SDK's HTTP, through safeFetch

interface DispatchHandler {
  onConnect?(abort: (err?: Error) => void): void;
  onHeaders?(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): unknown;
  onData?(chunk: Buffer): unknown;
  onComplete?(trailers: Buffer[]): void;
  onError?(err: Error): void;
}
interface DispatchOptions {
  origin?: string | URL;
  path: string;
  method: string;
  headers?: Record<string, string | string[] | undefined> | null;
  body?: unknown;
}

/**
 * The SDK sends its requests with urllib (undici underneath), whose requests go to the dispatcher the SDK is given
 * (`proxyAgent`): this one hands each request to safeFetch and feeds the answer back through undici's handler calls,
 * so the SDK reaches only addresses the server may call, checked after DNS and on every redirect, the connection
 * pinned to the checked address. The SDK's own bodies are form text; a stream is refused rather than sent unchecked.
 */
const safeDispatcher = {
  dispatch(opts: DispatchOptions, handler: DispatchHandler): boolean {
    let aborted: Error | null = null;
    handler.onConnect?.((err) => {
      aborted = err ?? new Error('aborted');
    });
    (async () => {
      const { body } = opts;
      if (body != null && typeof body !== 'string' && !Buffer.isBuffer(body)) throw new TypeError('only text bodies are sent to Alipay');
      const headers = Object.entries(opts.headers ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]]));
      const res = await safeFetch(new URL(opts.path, opts.origin).href, {
        method: opts.method,
        headers: headers as [string, string][],
        body: (body ?? undefined) as RequestInit['body'],
        timeoutMs: TIMEOUT_MS,
      });
      const raw: Buffer[] = [];
      for (const [name, value] of res.headers) raw.push(Buffer.from(name), Buffer.from(value));
      handler.onHeaders?.(res.status, raw, () => {}, res.statusText);
      for await (const chunk of res.body ?? []) {
        if (aborted) throw aborted;
        handler.onData?.(Buffer.from(chunk as Uint8Array));
      }
      handler.onComplete?.([]);
    })().catch((err: Error) => handler.onError?.(err));
    return true;
  },
  close: async () => {},
  destroy: async () => {},
};

async function client(account: AlipayAccount): Promise<AlipaySdk> {
  // The SDK loads at its first use: it is large (tens of MB and about half a second to load) and most servers never call it.
  const sdk = await import('alipay-sdk');
  return new sdk.AlipaySdk({
    appId: account.appId,
    privateKey: account.privateKey,
    keyType: 'PKCS8',
    alipayPublicKey: account.alipayPublicKey,
    signType: 'RSA2',
    gateway: `${(account.apiBase || ALIPAY_API).replace(/\/$/, '')}/gateway.do`,
    timeout: TIMEOUT_MS,
    proxyAgent: safeDispatcher as unknown as ProxyAgent,
  });
}

/** What went wrong at Alipay, in the words the member site shows; an address refused by safeFetch as it is. */
function alipayFailure(err: unknown, result?: AlipaySdkCommonResult): AppError {
  for (let e = err as { cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e instanceof AppError) return e;
  if (result) {
    const sub = String(result.subCode ?? '');
    if (result.code === '40002' || sub.startsWith('isv.')) return new AppError(ErrorCode.CONFLICT, '支付宝应用的 AppID 或密钥无效，请联系客服');
    // 20000 / isp.*: Alipay's own service is down for now.
    if (result.code === '20000' || sub.startsWith('isp.')) return new AppError(ErrorCode.CONFLICT, '支付网关暂时无法连接，请稍后重试');
    return new AppError(ErrorCode.CONFLICT, `支付网关拒绝了这笔支付：${result.subMsg || result.msg || sub}`.trim());
  }
  if (/验签|sign/i.test((err as Error)?.message ?? '')) return new AppError(ErrorCode.CONFLICT, '支付宝的应答签名无效，请联系客服');
  return new AppError(ErrorCode.CONFLICT, '支付网关暂时无法连接，请稍后重试');
}

/** One call to Alipay's gateway, its answer's signature checked with Alipay's public key. */
async function call(account: AlipayAccount, method: string, bizContent: Record<string, string>, now: Date): Promise<AlipaySdkCommonResult> {
  try {
    // Alipay reads the timestamp as Beijing time: given here, not the server's local time the SDK would write.
    return await (await client(account)).exec(method, { bizContent, timestamp: businessDateTime(now) }, { validateSign: true });
  } catch (err) {
    throw alipayFailure(err);
  }
}

/**
 * The page payment for `total` (our minor units of CNY): the signed alipay.trade.page.pay address the member's browser
 * opens (made locally, nothing is sent). It expires at `expiresAt`, so a payment can never start after the top-up
 * expired here.
 */
export async function alipayPageUrl(
  account: AlipayAccount,
  p: { intentNo: string; total: number; subject: string; notifyUrl: string; returnUrl?: string; expiresAt: Date; now: Date },
): Promise<string> {
  return (await client(account)).pageExecute('alipay.trade.page.pay', 'GET', {
    bizContent: {
      outTradeNo: p.intentNo,
      // Yuan with two decimals: 10060 → "100.60".
      totalAmount: minorToDecimal(p.total),
      subject: p.subject,
      productCode: 'FAST_INSTANT_TRADE_PAY',
      timeExpire: businessDateTime(p.expiresAt),
    },
    notifyUrl: p.notifyUrl,
    // Where Alipay sends the buyer back after paying (the notification, not this, credits the top-up).
    ...(p.returnUrl ? { returnUrl: p.returnUrl } : {}),
    timestamp: businessDateTime(p.now),
  });
}

/** A trade as Alipay's alipay.trade.query tells it (amount in our minor units); null when Alipay has no such trade. */
export interface AlipayTrade {
  tradeNo: string;
  intentNo: string;
  status: string;
  amount: number;
}

export async function queryAlipayTrade(account: AlipayAccount, intentNo: string, now: Date): Promise<AlipayTrade | null> {
  const r = await call(account, 'alipay.trade.query', { out_trade_no: intentNo }, now);
  if (r.code !== '10000') {
    if (r.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
    throw alipayFailure(null, r);
  }
  return {
    tradeNo: String(r.tradeNo ?? ''),
    intentNo: String(r.outTradeNo ?? intentNo),
    status: String(r.tradeStatus ?? ''),
    amount: r.totalAmount ? decimalToMinor(String(r.totalAmount)) : 0,
  };
}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/**
 * Closes the trade of a top-up no one paid (alipay.trade.close by our out_trade_no). True when it is closed, or was
 * never opened (the member never reached the cashier: the page address expires with the top-up, so it cannot start
 * later); false when Alipay says it was paid (its notification settles it).
 */
export async function closeAlipayTrade(account: AlipayAccount, intentNo: string, now: Date): Promise<boolean> {
  const r = await call(account, 'alipay.trade.close', { out_trade_no: intentNo }, now);
  if (r.code === '10000' || r.subCode === 'ACQ.TRADE_NOT_EXIST') return true;
  // Not waiting for payment any more: closed already, or paid.
  if (r.subCode === 'ACQ.TRADE_STATUS_ERROR') {
    const trade = await queryAlipayTrade(account, intentNo, now);
    return !trade || !PAID.has(trade.status);
  }
  throw alipayFailure(null, r);
}

/** What a verified notification says of a trade; null for statuses this server does not act on (WAIT_BUYER_PAY). */
export interface AlipayOutcome {
  tradeNo: string;
  intentNo: string;
  outcome: 'paid' | 'failed';
  /** In our minor units of CNY. */
  amount: number;
  currency: string;
}

/** Whether the notification's signature is Alipay's (checked by the SDK on the fields as received) and for this app. */
export async function alipaySigned(account: AlipayAccount, fields: Record<string, string>): Promise<boolean> {
  try {
    return fields.app_id === account.appId && (await client(account)).checkNotifySignV2(fields);
  } catch {
    return false;
  }
}

/**
 * Checks Alipay's signature on the notification's fields (the form as posted, decoded once: checkNotifySignV2 signs
 * the values as they are) with the channel's Alipay public key, and reads the outcome. 40300 when the signature or
 * the app does not match.
 */
export async function alipayNotification(account: AlipayAccount, fields: Record<string, string>): Promise<AlipayOutcome | null> {
  if (!(await alipaySigned(account, fields))) throw new AppError(ErrorCode.FORBIDDEN, '回调签名无效');
  const status = fields.trade_status ?? '';
  if (!PAID.has(status) && status !== 'TRADE_CLOSED') return null;
  let amount = 0;
  try {
    amount = decimalToMinor(fields.total_amount ?? '');
  } catch {
    amount = -1; // unreadable: never what was asked
  }
  return {
    tradeNo: fields.trade_no ?? '',
    intentNo: fields.out_trade_no ?? '',
    outcome: PAID.has(status) ? 'paid' : 'failed',
    amount,
    currency: ALIPAY_CURRENCY,
  };
}

// ---------------------------------------------------------------- refunds (issue #32.4)

/**
 * What Alipay says of a refund: `succeeded` (the money moved), `pending` (accepted, not yet moved: ask again with
 * queryAlipayRefund), `refused` (Alipay's business refusal, in its words), or `unknown` (alipay.trade.fastpay.refund.query
 * finds no such refund: it never arrived or did not go through, and may be asked for again with the same number).
 */
export type AlipayRefund = { state: 'succeeded' | 'pending' | 'unknown'; tradeNo: string } | { state: 'refused'; refused: string };

/** Refusals that are Alipay's answer about this refund; any other failure (isp.*, ACQ.SYSTEM_ERROR) is to be retried. */
const refusedRefund = (r: AlipaySdkCommonResult) => r.code === '40004' && String(r.subCode ?? '').startsWith('ACQ.') && r.subCode !== 'ACQ.SYSTEM_ERROR';

/**
 * Refunds `amount` (our minor units of CNY) of the trade of a top-up (alipay.trade.refund by out_trade_no); `refundNo`
 * is out_request_no, so a repeat is the same refund. fund_change "Y": the money moved now; "N": Alipay accepted it
 * (or had it already), its outcome to be asked with queryAlipayRefund.
 */
export async function refundAlipayTrade(
  account: AlipayAccount,
  p: { intentNo: string; amount: number; refundNo: string; reason: string },
  now: Date,
): Promise<AlipayRefund> {
  const r = await call(
    account,
    'alipay.trade.refund',
    { out_trade_no: p.intentNo, refund_amount: minorToDecimal(p.amount), out_request_no: p.refundNo, refund_reason: p.reason.slice(0, 256) },
    now,
  );
  if (r.code === '10000') return { state: r.fundChange === 'Y' ? 'succeeded' : 'pending', tradeNo: String(r.tradeNo ?? '') };
  if (refusedRefund(r)) return { state: 'refused', refused: `${r.subMsg || r.subCode}`.trim() };
  throw alipayFailure(null, r);
}

/**
 * A refund as alipay.trade.fastpay.refund.query tells it: refund_status REFUND_SUCCESS is final; without it Alipay
 * "did not receive the request or the refund failed" (its reference), which is `unknown`: the same request may be sent
 * again (same out_request_no) and Alipay's answer to that decides.
 */
export async function queryAlipayRefund(account: AlipayAccount, p: { intentNo: string; refundNo: string }, now: Date): Promise<AlipayRefund> {
  const r = await call(account, 'alipay.trade.fastpay.refund.query', { out_trade_no: p.intentNo, out_request_no: p.refundNo }, now);
  if (r.code !== '10000') {
    if (r.subCode === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown', tradeNo: '' };
    throw alipayFailure(null, r);
  }
  return { state: r.refundStatus === 'REFUND_SUCCESS' ? 'succeeded' : 'unknown', tradeNo: String(r.tradeNo ?? '') };
}
