import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY, fromMinor, toMinor } from '@waystation/shared/contract/ledger';
import { withdrawalAccountText } from '@waystation/shared/contract/proxy';
import type { Lang } from '@waystation/shared/rules/messages';
import { ReviewResult } from '@waystation/shared/machines/refund';
import { AccountStatus, type SensitiveOperation } from '@waystation/shared/vocab/account';
import { AuditVerb } from '@waystation/shared/vocab/audit';
import { ItemAttr } from '@waystation/shared/vocab/config-content';
import { PackageService, PackageStatus } from '@waystation/shared/vocab/goods-out';
import { AdjustDirection, VerifyField } from '@waystation/shared/vocab/verify-fields';
import type { Db } from '../db';
import { ActivityKind, CouponTemplateStatus } from '@waystation/shared/marketing/vocab';
import { formatPercent, parsePercent } from '@waystation/shared/marketing/probability';
import { admins, agents, drawActivities, drawPrizes, members, packages, purchaseOrders, shipChannels } from '../db/schema';
import type { SummaryLine } from './verification';

/** What an operation's `id` is, by its type: the object the verifier is asked about. */
function objectOf(type: SensitiveOperation): 'member' | 'package' | 'agent' | 'purchase' | 'id' {
  if (type.startsWith('modify_user_') || type === 'query_discord') return 'member';
  if (type.startsWith('modify_package_')) return 'package';
  if (type.includes('_agent_')) return 'agent';
  if (type === 'cancel_purchase') return 'purchase';
  return 'id';
}

const first = async <T>(rows: Promise<T[]>): Promise<T | undefined> => (await rows)[0];

/** An object's number as staff know it (user code, package no., agent name, purchase no.), or its id. */
async function objectName(db: Db, kind: ReturnType<typeof objectOf>, id: number): Promise<string> {
  const row =
    kind === 'member'
      ? await first(db.select({ name: members.userCode }).from(members).where(eq(members.id, id)))
      : kind === 'package'
        ? await first(db.select({ name: packages.packageNo }).from(packages).where(eq(packages.id, id)))
        : kind === 'agent'
          ? await first(db.select({ name: agents.agentName }).from(agents).where(eq(agents.id, id)))
          : kind === 'purchase'
            ? await first(db.select({ name: purchaseOrders.purchaseNo }).from(purchaseOrders).where(eq(purchaseOrders.id, id)))
            : undefined;
  return row?.name ?? String(id);
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * The values of a sensitive operation as the verifier reads them, in `lang`: each field by its name (会员, 方向, 金额),
 * ids as the numbers staff know (user code, package no.), codes by their labels, money in major units with its
 * currency, passwords hidden. A field the table does not know is shown as it came.
 */
export async function describeValues(db: Db, type: SensitiveOperation, values: Record<string, unknown>, lang: Lang): Promise<SummaryLine[]> {
  if (type === 'modify_draw_balance_pool') return describeDrawPool(db, values, lang);
  const lines: SummaryLine[] = [];
  const label = (key: string) => VerifyField.label(key, lang);
  const status = type.startsWith('modify_package_') ? PackageStatus : AccountStatus;
  const packageCurrency = async () =>
    typeof values.id === 'number' ? ((await first(db.select({ c: packages.currency }).from(packages).where(eq(packages.id, values.id))))?.c ?? '') : '';
  for (const [key, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '' || key === 'requestId' || key === 'currency') continue;
    let name = label(key);
    let text: string;
    if (key === 'id' && typeof v === 'number') {
      const kind = objectOf(type);
      name = label(kind);
      text = await objectName(db, kind, v);
    } else if (key === 'memberId' && typeof v === 'number') text = await objectName(db, 'member', v);
    else if (key === 'kfcAdminId' && typeof v === 'number')
      text = (await first(db.select({ name: admins.name }).from(admins).where(eq(admins.id, v))))?.name ?? String(v);
    else if (key === 'channelId' && typeof v === 'number')
      text = (await first(db.select({ name: shipChannels.name }).from(shipChannels).where(eq(shipChannels.id, v))))?.name ?? String(v);
    else if (key === 'amount' && typeof v === 'string') text = `${fromMinor(toMinor(v))} ${(values.currency as string | undefined) ?? DEFAULT_CURRENCY}`;
    else if ((key === 'declaredValue' || key === 'insuranceFee' || key === 'freightReal') && typeof v === 'number')
      text = `${fromMinor(v)} ${await packageCurrency()}`.trim();
    else if (key === 'weightG' && typeof v === 'number') text = `${v} g`;
    else if (key === 'direction') text = AdjustDirection.label(String(v), lang);
    else if (key === 'status') text = status.label(String(v), lang);
    else if (key === 'result') text = ReviewResult.label(String(v), lang);
    else if (key === 'event') text = AuditVerb.label(String(v), lang);
    else if (key === 'attrs' && Array.isArray(v)) text = v.map((a) => ItemAttr.label(String(a), lang)).join(lang === 'zh' ? '、' : ', ');
    else if (key === 'services' && Array.isArray(v)) text = v.map((s) => PackageService.label(String(s), lang)).join(lang === 'zh' ? '、' : ', ');
    else if (key === 'password' || key === 'tradePassword') text = '••••••';
    else if (key === 'account' && typeof v === 'object') text = withdrawalAccountText(v as Record<string, string>, lang);
    else if (key === 'ids' && Array.isArray(v)) text = `${v.length}`;
    else if (typeof v === 'object')
      text = Object.values(v as object)
        .filter((x) => x !== '' && x !== null && x !== undefined)
        .join(', ');
    else text = String(v);
    lines.push({ label: name, value: short(text) });
    if (lines.length === 12) break;
  }
  return lines;
}

type PoolPrize = { name: string; prizeType: string; amount: string; stock: number | null; probability: string };

/**
 * A lucky draw's balance prize pool as the verifier approves it: the activity, its status, each balance prize
 * (amount × stock, chance) and the cap; for a switch-on (id and status only) the saved pool is read.
 */
async function describeDrawPool(db: Db, values: Record<string, unknown>, lang: Lang): Promise<SummaryLine[]> {
  const label = (key: string) => VerifyField.label(key, lang);
  let name = typeof values.name === 'string' ? values.name : '';
  let currency = DEFAULT_CURRENCY;
  let prizes = Array.isArray(values.prizes) ? (values.prizes as PoolPrize[]) : [];
  let cap = typeof values.balanceCap === 'string' ? fromMinor(toMinor(values.balanceCap)) : '';
  let issued = '';
  if (typeof values.id === 'number' && !Array.isArray(values.prizes)) {
    const activity = await first(db.select().from(drawActivities).where(eq(drawActivities.id, values.id)));
    const rows = await db
      .select()
      .from(drawPrizes)
      .where(and(eq(drawPrizes.activityId, values.id), eq(drawPrizes.archived, false)))
      .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
    name = activity?.name ?? String(values.id);
    currency = activity?.currency ?? currency;
    cap = activity?.balanceCap == null ? '' : fromMinor(activity.balanceCap);
    issued = activity ? fromMinor(activity.balanceIssued) : '';
    prizes = rows.map((p) => ({
      name: p.name,
      prizeType: p.prizeType,
      amount: fromMinor(p.amount),
      stock: p.stock,
      probability: formatPercent(p.probabilityBp),
    }));
  }
  const lines: SummaryLine[] = [{ label: label('activity'), value: short(name) }];
  if (typeof values.kind === 'string') lines.push({ label: label('kind'), value: ActivityKind.label(values.kind, lang) });
  if (typeof values.status === 'string') lines.push({ label: label('status'), value: CouponTemplateStatus.label(values.status, lang) });
  const times = lang === 'zh' ? '份' : 'pcs';
  for (const p of prizes.filter((x) => x.prizeType === 'balance').slice(0, 6)) {
    const each = `${fromMinor(toMinor(p.amount))} ${currency}`;
    const chance = formatPercent(parsePercent(p.probability) ?? 0);
    lines.push({ label: label('balancePrize'), value: short(`${p.name}：${each} × ${p.stock ?? '∞'} ${times}，${chance}%`) });
  }
  lines.push({ label: label('balanceCap'), value: cap ? `${cap} ${currency}` : '—' });
  if (issued) lines.push({ label: label('balanceIssued'), value: `${issued} ${currency}` });
  if (typeof values.freeDrawsPerDay === 'number') lines.push({ label: label('freeDrawsPerDay'), value: String(values.freeDrawsPerDay) });
  return lines.slice(0, 12);
}
