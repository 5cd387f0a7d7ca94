import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page } from '@waystation/shared/contract/common';
import type {
  PaymentChannel,
  PaymentChannelListQuery,
  PaymentChannelSaveBody,
  PaymentPreviewBody,
  PaymentPreviewResult,
  PaymentRule,
  PaymentRuleListQuery,
  PaymentRuleOptions,
  PaymentRuleSaveBody,
} from '@waystation/shared/contract/payment';
import { decimalToMinor } from '@waystation/shared/contract/reference';
import { applyBp } from '@waystation/shared/freight/calculator';
import type { Db } from '../../db';
import { agents, currencies, paymentChannels, paymentRules, userLevels } from '../../db/schema';
import { type Actor, auditedSave, writeAudit } from '../../core/audit';
import { invalid, notFound } from '../../core/errors';
import { isActive } from '../../core/status';
import { containsPattern, orderBy, filters, offsetPage } from '../../core/paging';
import { loadRates } from '../reference/rates';
import type { SecretBox } from '../../core/secrets';
import { OPEN_PREFIX } from '@waystation/shared/contract/open';
import { ALIPAY_CURRENCY, keyHint, normalizePrivateKey, normalizePublicKey } from './alipay';
import { paypalCredentials } from './paypal';

type Status = 'activity' | 'disabled';
type ChannelRow = typeof paymentChannels.$inferSelect;
type RuleRow = typeof paymentRules.$inferSelect;

// ---------------------------------------------------------------- channels

async function ruleCounts(db: Db): Promise<Map<number, number>> {
  const rules = await db.select({ ids: paymentRules.channelIds }).from(paymentRules).where(eq(paymentRules.status, 'activity'));
  const m = new Map<number, number>();
  for (const r of rules) for (const id of r.ids as number[]) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
}

const toChannel = (r: ChannelRow, ruleCount: number): PaymentChannel => ({
  id: r.id,
  name: r.name,
  providerType: r.providerType as PaymentChannel['providerType'],
  currencies: r.currencies as string[],
  feeBp: r.feeBp,
  fixedFee: r.fixedFee,
  currency: r.currency,
  minAmount: r.minAmount,
  maxAmount: r.maxAmount,
  countries: r.countries as string[],
  logo: r.logo,
  remark: r.remark,
  sort: r.sort,
  status: r.status as Status,
  ruleCount,
  modifyTime: r.updatedAt.toISOString(),
  gateway: r.gateway as PaymentChannel['gateway'],
  apiBase: r.apiBase,
  secretKey: credentialsOf(r).secretKeyHint ?? '',
  webhookSecret: credentialsOf(r).webhookSecretHint ?? '',
  appId: credentialsOf(r).appId ?? '',
  privateKey: credentialsOf(r).privateKeyHint ?? '',
  alipayPublicKey: credentialsOf(r).alipayPublicKey ?? '',
  notifyBase: credentialsOf(r).notifyBase ?? '',
  clientId: credentialsOf(r).clientId ?? '',
  clientSecret: credentialsOf(r).clientSecretHint ?? '',
  webhookId: credentialsOf(r).webhookId ?? '',
  notifyPath: r.gateway ? gatewayNotifyPath(r.gateway, r.id) : '',
});

/** A channel's provider keys: each secret one sealed, beside a hint (••••1234) the screens show. */
export interface ChannelCredentials {
  /** Stripe. */
  secretKey?: string;
  secretKeyHint?: string;
  webhookSecret?: string;
  webhookSecretHint?: string;
  /** Alipay: the app's id, its private key (PKCS#8 PEM, sealed), Alipay's public key (SPKI PEM), this server's public address. */
  appId?: string;
  privateKey?: string;
  privateKeyHint?: string;
  alipayPublicKey?: string;
  notifyBase?: string;
  /** PayPal: the REST app's client id, its secret (sealed), the webhook's id (PayPal confirms notifications for it). */
  clientId?: string;
  clientSecret?: string;
  clientSecretHint?: string;
  webhookId?: string;
}
export const credentialsOf = (r: ChannelRow) => r.credentials as ChannelCredentials;
const hintOf = (plain: string) => `••••${plain.slice(-4)}`;
/**
 * Where a gateway posts its notifications for a channel (the member API's callback route). Alipay's carries no query:
 * Alipay does not keep a notify_url's query as it is (its documentation advises a bare path), and the notification's
 * trade names the top-up, whose channel holds the key to check it with.
 */
export const gatewayNotifyPath = (gateway: string, channelId: number) =>
  gateway === 'alipay' ? `${OPEN_PREFIX}/payments/callback/alipay` : `${OPEN_PREFIX}/payments/callback/${gateway}?channel=${channelId}`;

export async function listChannels(db: Db, q: PaymentChannelListQuery): Promise<Page<PaymentChannel>> {
  const { rows, total } = await offsetPage(db, {
    table: paymentChannels,
    select: db.select().from(paymentChannels).$dynamic(),
    filter: filters(q, {
      keyword: (k) => ilike(paymentChannels.name, containsPattern(k)),
      providerType: (p) => eq(paymentChannels.providerType, p),
      status: (s) => eq(paymentChannels.status, s),
    }),
    orderBy: orderBy(
      q.sort ?? 'sort',
      q.order ?? 'asc',
      { id: paymentChannels.id, sort: paymentChannels.sort, modify_time: paymentChannels.updatedAt, create_time: paymentChannels.createdAt },
      paymentChannels.id,
    ),
    q,
  });
  const counts = await ruleCounts(db);
  return { list: rows.map((r) => toChannel(r, counts.get(r.id) ?? 0)), total };
}

export async function getChannel(db: Db, id: number): Promise<PaymentChannel> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.id, id)).limit(1);
  if (!row) throw notFound('支付渠道不存在');
  return toChannel(row, (await ruleCounts(db)).get(id) ?? 0);
}

async function assertCurrencies(db: Db, field: string, codes: string[]): Promise<void> {
  const known = await db.select({ code: currencies.code }).from(currencies).where(inArray(currencies.code, codes));
  const unknown = codes.filter((c) => !known.some((k) => k.code === c));
  if (unknown.length) throw invalid(field, `未知的币种：${unknown.join(', ')}`);
}

/**
 * The gateway's credentials as they will be stored, on top of those kept from the same gateway: a typed secret is
 * sealed (an empty one keeps the stored one); each one the gateway needs must be there. Stripe: its two keys. Alipay:
 * AppID, app private key, Alipay's public key and this server's public address, CNY only. PayPal: paypalCredentials.
 */
function gatewayCredentials(secrets: SecretBox, input: z.output<typeof PaymentChannelSaveBody>, kept: ChannelCredentials): ChannelCredentials {
  const credentials = { ...kept };
  if (input.gateway === 'stripe') {
    const { secretKey, webhookSecret } = input;
    if (secretKey) Object.assign(credentials, { secretKey: secrets.seal(secretKey), secretKeyHint: hintOf(secretKey) });
    if (webhookSecret) Object.assign(credentials, { webhookSecret: secrets.seal(webhookSecret), webhookSecretHint: hintOf(webhookSecret) });
    if (!credentials.secretKey) throw invalid('secretKey', '请输入支付网关的 Secret key');
    if (!credentials.webhookSecret) throw invalid('webhookSecret', '请输入支付网关的 Webhook 签名密钥');
  }
  if (input.gateway === 'alipay') {
    const { appId, privateKey, alipayPublicKey, notifyBase } = input;
    if (!appId) throw invalid('appId', '请输入支付宝应用的 AppID');
    if (privateKey) Object.assign(credentials, { privateKey: secrets.seal(normalizePrivateKey(privateKey)), privateKeyHint: keyHint(privateKey) });
    if (!credentials.privateKey) throw invalid('privateKey', '请输入应用私钥');
    if (!alipayPublicKey) throw invalid('alipayPublicKey', '请输入支付宝公钥');
    if (!notifyBase) throw invalid('notifyBase', '请输入本站的公网地址（支付宝的通知发往此处）');
    if (input.currencies.some((c) => c !== ALIPAY_CURRENCY)) throw invalid('currencies', '支付宝渠道只接受人民币（CNY）');
    Object.assign(credentials, { appId, alipayPublicKey: normalizePublicKey(alipayPublicKey), notifyBase: notifyBase.replace(/\/$/, '') });
  }
  return input.gateway === 'paypal' ? paypalCredentials(secrets, input, credentials) : credentials;
}

/** What the audit trail sees of a channel's credentials: the hints and what is not secret, never a sealed value. */
const auditedCredentials = (c: ChannelCredentials) => ({
  secretKey: c.secretKeyHint ?? '',
  webhookSecret: c.webhookSecretHint ?? '',
  ...(c.appId ? { appId: c.appId, privateKey: c.privateKeyHint ?? '', alipayPublicKey: c.alipayPublicKey ?? '', notifyBase: c.notifyBase ?? '' } : {}),
  ...(c.clientId ? { clientId: c.clientId, clientSecret: c.clientSecretHint ?? '', webhookId: c.webhookId ?? '' } : {}),
});

/**
 * Creates or edits a payment channel; money arrives as decimal text and is stored in minor units. The provider's keys
 * are sealed; an empty key on edit keeps the stored one (of the same gateway). A channel with a gateway needs all of
 * the gateway's keys (gatewayCredentials).
 */
export async function saveChannel(
  db: Db,
  secrets: SecretBox,
  actor: Actor,
  input: z.output<typeof PaymentChannelSaveBody>,
  now: Date,
): Promise<{ id: number }> {
  const { id, feePercent, fixedFee, minAmount, maxAmount, ...fields } = input;
  // The provider's keys go into `credentials` (gatewayCredentials), never into columns of their own.
  const { secretKey, webhookSecret, appId, privateKey, alipayPublicKey, notifyBase, clientId, clientSecret, webhookId, ...rest } = fields;
  return db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(paymentChannels).where(eq(paymentChannels.id, id)).limit(1) : [];
    const credentials = rest.gateway ? gatewayCredentials(secrets, input, before && before.gateway === rest.gateway ? credentialsOf(before) : {}) : {};
    const values = {
      ...rest,
      credentials,
      feeBp: decimalToMinor(feePercent),
      fixedFee: decimalToMinor(fixedFee),
      minAmount: decimalToMinor(minAmount),
      maxAmount: decimalToMinor(maxAmount),
    };
    await assertCurrencies(tx, 'currencies', [...new Set([...values.currencies, values.currency])]);
    const saved = await auditedSave(tx, actor, {
      table: paymentChannels,
      id,
      fields: values,
      // The audit trail sees the keys' hints, never the sealed values.
      view: (row) => ({ ...row, credentials: auditedCredentials(credentialsOf(row)) }),
      action: { create: 'paymentChannel.create', update: 'paymentChannel.update' },
      targetType: 'paymentChannel',
      notFound: '支付渠道不存在',
      now,
    });
    return { id: saved.id };
  });
}

export async function modifyChannelStatus(db: Db, actor: Actor, id: number, status: Status, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentChannels).where(eq(paymentChannels.id, id)).limit(1);
    if (!before) throw notFound('支付渠道不存在');
    await tx.update(paymentChannels).set({ status, updatedAt: now }).where(eq(paymentChannels.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'paymentChannel.status', targetType: 'paymentChannel', targetId: id, before: { status: before.status }, after: { status } },
      now,
    );
  });
}

// ---------------------------------------------------------------- rules

async function toRules(db: Db, rows: RuleRow[]): Promise<PaymentRule[]> {
  const ids = [...new Set(rows.flatMap((r) => r.channelIds as number[]))];
  const chans = ids.length
    ? await db.select({ id: paymentChannels.id, name: paymentChannels.name }).from(paymentChannels).where(inArray(paymentChannels.id, ids))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scenario: r.scenario as PaymentRule['scenario'],
    agentIds: r.agentIds as number[],
    levelIds: r.levelIds as number[],
    currency: r.currency,
    minAmount: r.minAmount,
    maxAmount: r.maxAmount,
    channelIds: r.channelIds as number[],
    channelNames: (r.channelIds as number[]).map((id) => chans.find((c) => c.id === id)?.name ?? `#${id}`),
    priority: r.priority,
    status: r.status as Status,
    remark: r.remark,
    modifyTime: r.updatedAt.toISOString(),
  }));
}

export async function listRules(db: Db, q: PaymentRuleListQuery): Promise<Page<PaymentRule>> {
  const { rows, total } = await offsetPage(db, {
    table: paymentRules,
    select: db.select().from(paymentRules).$dynamic(),
    filter: filters(q, {
      scenario: (s) => eq(paymentRules.scenario, s),
      status: (s) => eq(paymentRules.status, s),
      keyword: (k) => ilike(paymentRules.name, containsPattern(k)),
    }),
    orderBy: [
      asc(paymentRules.scenario),
      ...orderBy(
        q.sort ?? 'sort',
        q.order ?? 'asc',
        { id: paymentRules.id, sort: paymentRules.priority, modify_time: paymentRules.updatedAt },
        paymentRules.id,
      ),
    ],
    q,
  });
  return { list: await toRules(db, rows), total };
}

export async function getRule(db: Db, id: number): Promise<PaymentRule> {
  const rows = await db.select().from(paymentRules).where(eq(paymentRules.id, id)).limit(1);
  if (!rows.length) throw notFound('支付规则不存在');
  return (await toRules(db, rows))[0];
}

/** Creates or edits a rule; its channels, agents and levels must exist. */
export async function saveRule(db: Db, actor: Actor, input: z.output<typeof PaymentRuleSaveBody>, now: Date): Promise<{ id: number }> {
  const { id, minAmount, maxAmount, ...rest } = input;
  const values = { ...rest, minAmount: decimalToMinor(minAmount), maxAmount: decimalToMinor(maxAmount) };
  return db.transaction(async (tx) => {
    await assertCurrencies(tx, 'currency', [values.currency]);
    const chans = await tx.select({ id: paymentChannels.id }).from(paymentChannels).where(inArray(paymentChannels.id, values.channelIds));
    if (chans.length !== values.channelIds.length) throw invalid('channelIds', '支付渠道不存在');
    if (values.agentIds.length) {
      const found = await tx.select({ id: agents.id }).from(agents).where(inArray(agents.id, values.agentIds));
      if (found.length !== new Set(values.agentIds).size) throw invalid('agentIds', '代理不存在');
    }
    if (values.levelIds.length) {
      const found = await tx.select({ id: userLevels.id }).from(userLevels).where(inArray(userLevels.id, values.levelIds));
      if (found.length !== new Set(values.levelIds).size) throw invalid('levelIds', '会员等级不存在');
    }
    const saved = await auditedSave(tx, actor, {
      table: paymentRules,
      id,
      fields: values,
      action: { create: 'paymentRule.create', update: 'paymentRule.update' },
      targetType: 'paymentRule',
      notFound: '支付规则不存在',
      now,
    });
    return { id: saved.id };
  });
}

export async function modifyRuleStatus(db: Db, actor: Actor, id: number, status: Status, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(paymentRules).where(eq(paymentRules.id, id)).limit(1);
    if (!before) throw notFound('支付规则不存在');
    await tx.update(paymentRules).set({ status, updatedAt: now }).where(eq(paymentRules.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'paymentRule.status', targetType: 'paymentRule', targetId: id, before: { status: before.status }, after: { status } },
      now,
    );
  });
}

export async function deleteRule(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(paymentRules).where(eq(paymentRules.id, id)).returning();
    if (!before) throw notFound('支付规则不存在');
    await writeAudit(tx, actor, { action: 'paymentRule.delete', targetType: 'paymentRule', targetId: id, before }, now);
  });
}

export async function ruleOptions(db: Db): Promise<PaymentRuleOptions> {
  return {
    agents: await db.select({ id: agents.id, name: agents.agentName }).from(agents).orderBy(asc(agents.id)),
    levels: await db.select({ id: userLevels.id, name: userLevels.name }).from(userLevels).orderBy(asc(userLevels.sort), asc(userLevels.id)),
    channels: (await db.select().from(paymentChannels).orderBy(asc(paymentChannels.sort), asc(paymentChannels.id))).map((c) => ({
      id: c.id,
      name: c.name,
      providerType: c.providerType,
      currencies: c.currencies as string[],
      status: c.status,
    })),
  };
}

// ---------------------------------------------------------------- preview

const inRange = (amount: number, min: number, max: number) => amount >= min && (max === 0 || amount <= max);

/**
 * What a member sees paying: the first enabled rule of the scenario (by priority) that matches the currency,
 * the member's agent and level (empty lists match everyone) and the amount; then that rule's channels in
 * order, each kept only if enabled, taking the currency, serving the country and within its amount limits.
 */
export async function previewPayment(db: Db, input: z.output<typeof PaymentPreviewBody>): Promise<PaymentPreviewResult> {
  const amount = decimalToMinor(input.amount);
  const rules = await db
    .select()
    .from(paymentRules)
    .where(and(eq(paymentRules.scenario, input.scenario), eq(paymentRules.status, 'activity'), eq(paymentRules.currency, input.currency)))
    .orderBy(asc(paymentRules.priority), asc(paymentRules.id));
  const matches = (ids: unknown, id: number | null) => (ids as number[]).length === 0 || (id !== null && (ids as number[]).includes(id));
  const rule = rules.find((r) => matches(r.agentIds, input.agentId) && matches(r.levelIds, input.levelId) && inRange(amount, r.minAmount, r.maxAmount));
  const base = { currency: input.currency, amount };
  if (!rule) return { rule: null, channels: [], excluded: [], ...base };
  const ids = rule.channelIds as number[];
  const rows = ids.length ? await db.select().from(paymentChannels).where(inArray(paymentChannels.id, ids)) : [];
  const rates = await loadRates(db);
  const channels: PaymentPreviewResult['channels'] = [];
  const excluded: PaymentPreviewResult['excluded'] = [];
  for (const id of ids) {
    const c = rows.find((r) => r.id === id);
    if (!c) continue;
    const inChannelCurrency = rates.convert(amount, input.currency, c.currency);
    let reason = '';
    if (!isActive(c)) reason = '渠道已禁用';
    else if (!(c.currencies as string[]).includes(input.currency)) reason = `不支持币种 ${input.currency}`;
    else if (input.countryCode && (c.countries as string[]).length && !(c.countries as string[]).includes(input.countryCode))
      reason = `不服务国家 ${input.countryCode}`;
    else if (!inRange(inChannelCurrency, c.minAmount, c.maxAmount)) reason = '金额超出渠道限额';
    if (reason) {
      excluded.push({ id: c.id, name: c.name, reason });
      continue;
    }
    const fee = applyBp(amount, c.feeBp) + rates.convert(c.fixedFee, c.currency, input.currency);
    channels.push({ id: c.id, name: c.name, providerType: c.providerType, gateway: c.gateway, logo: c.logo, fee, total: amount + fee });
  }
  return { rule: { id: rule.id, name: rule.name }, channels, excluded, ...base };
}
