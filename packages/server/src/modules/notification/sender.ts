import { resolvePublicHost, safeFetch } from '../../core/outbound';

export interface Message {
  recipient: string;
  subject: string;
  body: string;
}

/** A delivery failure in our own words (what a remote host answered is never passed on: it may be anything). */
export class DeliveryError extends Error {}
type Config = Record<string, unknown>;

const TIMEOUT_MS = 10_000;

/** Posts to a public address only; a failure says its HTTP status, never what the remote host answered. */
async function postJson(url: string, body: unknown): Promise<void> {
  const res = await safeFetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), timeoutMs: TIMEOUT_MS });
  await res.body?.cancel().catch(() => {});
  if (!res.ok) throw new DeliveryError(`发送失败：对方返回 HTTP ${res.status}`);
}

/**
 * Delivers one message through a channel's provider. Called after the request's transaction, never inside it.
 * Site messages are delivered by being recorded in the log, which the member site reads.
 */
export async function deliver(type: string, config: Config, msg: Message): Promise<void> {
  try {
    await deliverVia(type, config, msg);
  } catch (err) {
    if (err instanceof DeliveryError || (err as { code?: number }).code === 40001) throw err;
    const e = err as { code?: string; responseCode?: number; name?: string };
    const why = e.responseCode ? `邮件服务器返回 ${e.responseCode}` : e.code ? e.code : e.name === 'TimeoutError' ? '超时' : '连接失败';
    throw new DeliveryError(`发送失败：${why}`);
  }
}

async function deliverVia(type: string, config: Config, msg: Message): Promise<void> {
  switch (type) {
    case 'discord':
      if (!config.webhookUrl) throw new DeliveryError('未配置 Webhook 地址');
      return postJson(String(config.webhookUrl), { content: `**${msg.subject}**\n${msg.body}`.slice(0, 2000) });
    case 'telegram': {
      if (!config.botToken || !config.chatId) throw new DeliveryError('未配置 Bot Token 或 Chat ID');
      const base = String(config.apiBase || 'https://api.telegram.org').replace(/\/$/, '');
      return postJson(`${base}/bot${config.botToken}/sendMessage`, { chat_id: config.chatId, text: `${msg.subject}\n${msg.body}` });
    }
    case 'email': {
      if (!msg.recipient) throw new DeliveryError('请输入收件邮箱');
      // The mail server is resolved once and checked; the connection goes to that very address (the certificate is
      // checked against the name).
      const host = String(config.host);
      const address = await resolvePublicHost(host);
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport({
        host: address,
        ...(address !== host.toLowerCase() ? { tls: { servername: host } } : {}),
        port: Number(config.port),
        secure: Boolean(config.secure),
        auth: config.username ? { user: String(config.username), pass: String(config.password ?? '') } : undefined,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      });
      await transport.sendMail({ from: String(config.from), to: msg.recipient, subject: msg.subject, text: msg.body });
      return;
    }
    case 'site':
      if (!msg.recipient) throw new DeliveryError('请输入会员编号');
      return;
    default:
      throw new DeliveryError(`unknown channel type ${type}`);
  }
}
