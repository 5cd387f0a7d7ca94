import nodemailer from 'nodemailer';

export interface Message { recipient: string; subject: string; body: string }
type Config = Record<string, unknown>;

const TIMEOUT_MS = 10_000;

async function postJson(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text().catch(() => '')).slice(0, 200)}`);
}

/**
 * Delivers one message through a channel's provider. Called after the request's transaction, never inside it.
 * Site messages are delivered by being recorded in the log, which the member site reads.
 */
export async function deliver(type: string, config: Config, msg: Message): Promise<void> {
  switch (type) {
    case 'discord':
      if (!config.webhookUrl) throw new Error('未配置 Webhook 地址');
      return postJson(String(config.webhookUrl), { content: `**${msg.subject}**\n${msg.body}`.slice(0, 2000) });
    case 'telegram': {
      if (!config.botToken || !config.chatId) throw new Error('未配置 Bot Token 或 Chat ID');
      const base = String(config.apiBase || 'https://api.telegram.org').replace(/\/$/, '');
      return postJson(`${base}/bot${config.botToken}/sendMessage`, { chat_id: config.chatId, text: `${msg.subject}\n${msg.body}` });
    }
    case 'email': {
      if (!msg.recipient) throw new Error('请输入收件邮箱');
      const transport = nodemailer.createTransport({
        host: String(config.host), port: Number(config.port), secure: Boolean(config.secure),
        auth: config.username ? { user: String(config.username), pass: String(config.password ?? '') } : undefined,
        connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS,
      });
      await transport.sendMail({ from: String(config.from), to: msg.recipient, subject: msg.subject, text: msg.body });
      return;
    }
    case 'site':
      if (!msg.recipient) throw new Error('请输入会员编号');
      return;
    default:
      throw new Error(`unknown channel type ${type}`);
  }
}
