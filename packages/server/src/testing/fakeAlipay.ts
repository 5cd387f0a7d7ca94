import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlipaySdk } from 'alipay-sdk';

/**
 * A local Alipay gateway for tests (issue #32), answering as Alipay's open-platform documentation describes the calls
 * Waystation makes to https://openapi.alipay.com/gateway.do:
 * - every request's RSA2 signature (all parameters but `sign`, sorted, `k=v&…`) is checked with the app's public key
 *   by the Alipay SDK's own rsaCheck; a bad one answers code 40002 / isv.invalid-signature;
 * - GET alipay.trade.page.pay (the member's browser opening the signed page address): the cashier, which opens the
 *   trade (WAIT_BUYER_PAY) for out_trade_no and total_amount;
 * - POST alipay.trade.close and alipay.trade.query (public parameters in the query string, biz_content in the form
 *   body): `{"alipay_trade_…_response":{…},"sign":"…"}`, the sign made over the inner object's text with Alipay's
 *   private key; ACQ.TRADE_NOT_EXIST for a trade never opened, ACQ.TRADE_STATUS_ERROR for closing one no longer
 *   waiting for payment.
 * Notifications are signed as Alipay signs them: every field but sign and sign_type, sorted, `k=v&…`, RSA2. The SDK
 * exports no signing helper (its package exports only the client), so node:crypto signs, with the same algorithm the
 * SDK's own (unexported) sign() uses.
 */

export interface AlipayTestKeys {
  appId: string;
  /** The app's key pair (the app private key goes into the channel; Alipay knows the public key). */
  appPrivateKey: string;
  appPublicKey: string;
  /** Alipay's key pair (its public key goes into the channel). */
  alipayPrivateKey: string;
  alipayPublicKey: string;
}

/** Two RSA-2048 key pairs made now, as the open platform's key tool makes them. */
export function alipayTestKeys(appId = '2021004100000001'): AlipayTestKeys {
  const pair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const app = pair();
  const alipay = pair();
  const pem = (k: crypto.KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') => (k.export({ type, format: 'pem' }) as string).trim();
  return {
    appId,
    appPrivateKey: pem(app.privateKey, 'pkcs1'),
    appPublicKey: pem(app.publicKey, 'spki'),
    alipayPrivateKey: pem(alipay.privateKey, 'pkcs8'),
    alipayPublicKey: pem(alipay.publicKey, 'spki'),
  };
}

const rsa2 = (content: string, privateKey: string) => crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
const sortedContent = (fields: Record<string, string>, leaveOut: string[]) =>
  Object.keys(fields)
    .filter((k) => !leaveOut.includes(k))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

/** A notification's fields signed as Alipay signs them, with `privateKey` (Alipay's, or anyone's for a forgery). */
export function signAlipayNotification(fields: Record<string, string>, privateKey: string): Record<string, string> {
  const unsigned = { ...fields, sign_type: 'RSA2' };
  return { ...unsigned, sign: rsa2(sortedContent(unsigned, ['sign', 'sign_type']), privateKey) };
}

interface Trade {
  tradeNo: string;
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  notifyUrl: string;
}
export interface AlipayCall {
  method: string;
  timestamp: string;
  bizContent: Record<string, string>;
}

export async function startFakeAlipay(keys: AlipayTestKeys) {
  // Alipay's side of the SDK: it checks the app's signatures with the app's public key.
  const verifier = new AlipaySdk({ appId: keys.appId, privateKey: keys.alipayPrivateKey, keyType: 'PKCS8', alipayPublicKey: keys.appPublicKey });
  const trades = new Map<string, Trade>();
  const calls: AlipayCall[] = [];
  const closed: string[] = [];
  /** Refunds by out_request_no; `done` once the money moved. */
  const refunds = new Map<string, { outTradeNo: string; amount: number; reason: string; done: boolean }>();
  /** fund_change of a new refund ('Y' moved now, 'N' later: settleRefund); a refusal every new refund gets. */
  const refundSettings: { fundChange: 'Y' | 'N'; refusal: { subCode: string; subMsg: string } | null } = { fundChange: 'Y', refusal: null };
  let seq = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://alipay.test');
      const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
      const method = params.method ?? '';
      const responseKey = `${method.replaceAll('.', '_')}_response`;
      const answer = (inner: Record<string, string>) => {
        const text = JSON.stringify(inner);
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(`{"${responseKey}":${text},"sign":"${rsa2(text, keys.alipayPrivateKey)}"}`);
      };
      const failed = (subCode: string, subMsg: string) => answer({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
      if (url.pathname !== '/gateway.do') {
        res.writeHead(404);
        return res.end();
      }
      if (params.app_id !== keys.appId) return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' });
      if (!params.sign || !verifier.rsaCheck(sortedContent(params, ['sign']), params.sign, 'RSA2')) {
        return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
      }
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      calls.push({ method, timestamp: params.timestamp ?? '', bizContent: biz });
      const outTradeNo = biz.out_trade_no ?? '';
      const trade = trades.get(outTradeNo);
      if (req.method === 'GET' && method === 'alipay.trade.page.pay') {
        // The cashier: the trade exists from the moment the member reaches it.
        if (!trade) {
          trades.set(outTradeNo, {
            tradeNo: `2026112222001${String(++seq).padStart(9, '0')}`,
            outTradeNo,
            totalAmount: biz.total_amount ?? '',
            subject: biz.subject ?? '',
            status: 'WAIT_BUYER_PAY',
            notifyUrl: params.notify_url ?? '',
          });
        }
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        return res.end('<html><body>支付宝收银台</body></html>');
      }
      if (req.method !== 'POST') return failed('isp.unknow-error', '系统繁忙');
      if (method === 'alipay.trade.close') {
        closed.push(outTradeNo);
        if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.status !== 'WAIT_BUYER_PAY') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.status = 'TRADE_CLOSED';
        return answer({ code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: outTradeNo });
      }
      if (method === 'alipay.trade.query') {
        if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return answer({
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          buyer_logon_id: '159****5620',
          trade_status: trade.status,
          total_amount: trade.totalAmount,
          buyer_pay_amount: trade.status === 'TRADE_SUCCESS' ? trade.totalAmount : '0.00',
        });
      }
      // Refunds (issue #32.4), as the open platform documents alipay.trade.refund and alipay.trade.fastpay.refund.query.
      if (method === 'alipay.trade.refund') {
        if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.status !== 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        const requestNo = biz.out_request_no || outTradeNo;
        const amount = Math.round(Number(biz.refund_amount) * 100);
        const earlier = refunds.get(requestNo);
        if (earlier && earlier.amount !== amount) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致');
        if (!earlier) {
          if (refundSettings.refusal) return failed(refundSettings.refusal.subCode, refundSettings.refusal.subMsg);
          const refunded = [...refunds.values()].filter((r) => r.outTradeNo === outTradeNo).reduce((sum, r) => sum + r.amount, 0);
          if (!(amount > 0) || refunded + amount > Math.round(Number(trade.totalAmount) * 100))
            return failed('ACQ.REASON_TRADE_REFUND_FEE_ERR', '退款金额无效');
          refunds.set(requestNo, { outTradeNo, amount, reason: biz.refund_reason ?? '', done: refundSettings.fundChange === 'Y' });
        }
        const refunded = [...refunds.values()].filter((r) => r.outTradeNo === outTradeNo).reduce((sum, r) => sum + r.amount, 0);
        return answer({
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          buyer_logon_id: '159****5620',
          // "Y": the money moved by this call; a repeat of a refund already made, or one not yet made, answers "N".
          fund_change: !earlier && refunds.get(requestNo)!.done ? 'Y' : 'N',
          refund_fee: (refunded / 100).toFixed(2),
          gmt_refund_pay: '2026-11-22 16:10:00',
        });
      }
      if (method === 'alipay.trade.fastpay.refund.query') {
        if (!trade) return failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
        const requestNo = biz.out_request_no || outTradeNo;
        const refund = refunds.get(requestNo);
        // No refund_status: "the request was not received or the refund failed" (Alipay's reference).
        if (!refund) return answer({ code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: outTradeNo });
        return answer({
          code: '10000',
          msg: 'Success',
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          out_request_no: requestNo,
          total_amount: trade.totalAmount,
          refund_amount: (refund.amount / 100).toFixed(2),
          ...(refund.done ? { refund_status: 'REFUND_SUCCESS', gmt_refund_pay: '2026-11-22 16:10:00' } : {}),
        });
      }
      return failed('isv.invalid-method', '不存在的方法名');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tradeOf = (outTradeNo: string) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`the member never opened the cashier for ${outTradeNo}`);
    return trade;
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    closed,
    tradeOf,
    refunds,
    refundSettings,
    /** Alipay moves the money of a refund it answered fund_change "N" to. */
    settleRefund(outRequestNo: string) {
      const refund = refunds.get(outRequestNo);
      if (!refund) throw new Error(`no Alipay refund ${outRequestNo}`);
      refund.done = true;
    },
    /** The buyer pays an opened trade. */
    pay(outTradeNo: string) {
      tradeOf(outTradeNo).status = 'TRADE_SUCCESS';
    },
    /**
     * Alipay's asynchronous notification about an opened trade (as it stands, or as `over` says), as the form fields
     * it posts to the trade's notify_url; signed with Alipay's private key unless another key is given.
     */
    notification(outTradeNo: string, over: { trade_status?: string; total_amount?: string } = {}, privateKey = keys.alipayPrivateKey) {
      const trade = tradeOf(outTradeNo);
      const fields: Record<string, string> = {
        notify_time: '2026-11-22 16:05:00',
        notify_type: 'trade_status_sync',
        notify_id: `2026112200222160500${String(++seq).padStart(9, '0')}`,
        app_id: keys.appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: trade.tradeNo,
        out_trade_no: outTradeNo,
        buyer_id: '2088102177846880',
        buyer_logon_id: '159****5620',
        seller_id: '2088101106499364',
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        receipt_amount: trade.totalAmount,
        buyer_pay_amount: trade.totalAmount,
        subject: trade.subject,
        gmt_create: '2026-11-22 16:04:10',
        gmt_payment: '2026-11-22 16:04:59',
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
        ...over,
      };
      return signAlipayNotification(fields, privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;
