import { type SQL, sql } from 'drizzle-orm';
import type {
  LeadStage,
  LeadTimeQuery,
  LeadTimeResult,
  MoneyCategory,
  MoneyReconcileQuery,
  MoneyReconcileResult,
  MoneyReportQuery,
  MoneyReportResult,
} from '@waystation/shared/contract/report';
import { MONEY_CATEGORIES } from '@waystation/shared/contract/report';
import { type Db, queryRows } from '../../db';
import { dayBounds, moneyRows, resolveRange, rolledUpAt } from './rollup';
import { daysOf } from './throughput';

/**
 * 流转时效: per week (Monday first) and stage, the median and p90 in whole hours, merged from the daily histograms —
 * in all, per marketplace or per channel.
 */
export async function leadTimes(db: Db, query: LeadTimeQuery, now: Date): Promise<LeadTimeResult> {
  const q = { ...query, ...resolveRange(query, now) };
  const dimension = q.by === 'all' ? sql`dimension = 'all'` : q.by === 'marketplace' ? sql`dimension like 'mall:%'` : sql`dimension like 'channel:%'`;
  const [rows, at] = await Promise.all([
    queryRows<{ week: string; stage: LeadStage; dimension: string; n: number; p50: number; p90: number }>(
      db,
      sql`with h as (
            select to_char(date_trunc('week', day::date), 'YYYY-MM-DD') as week, stage, dimension, hours, sum(n)::int as n
            from report_lead_times where day >= ${q.from} and day <= ${q.to} and ${dimension}
            group by 1, 2, 3, 4),
          c as (
            select *, sum(n) over (partition by week, stage, dimension order by hours) as cum,
                      sum(n) over (partition by week, stage, dimension) as total
            from h)
          select week, stage, dimension, max(total)::int as n,
                 min(hours) filter (where cum * 2 >= total)::int as p50, min(hours) filter (where cum * 10 >= total * 9)::int as p90
          from c group by 1, 2, 3 order by 1, 2, 3`,
    ),
    rolledUpAt(db),
  ]);
  const channelIds = [...new Set(rows.filter((r) => r.dimension.startsWith('channel:')).map((r) => Number(r.dimension.slice(8))))];
  const names = new Map<number, string>();
  if (channelIds.length) {
    const list = await queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from ship_channels where id in (${sql.join(
        channelIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const c of list) names.set(c.id, c.name);
  }
  const groupOf = (d: string) => (d.startsWith('mall:') ? d.slice(5) : d.startsWith('channel:') ? (names.get(Number(d.slice(8))) ?? `#${d.slice(8)}`) : d);
  return {
    from: q.from,
    to: q.to,
    rolledUpAt: at,
    list: rows.map((r) => ({ week: r.week, stage: r.stage, group: groupOf(r.dimension), n: r.n, p50Hours: r.p50, p90Hours: r.p90 })),
  };
}

/**
 * The money rows of from..to as the ledger holds them now: a day rolled up after it ended is read from its roll-up
 * (final: the ledger only adds rows at the present moment); today, and any day not rolled up since it ended, straight
 * from the ledger. So a ledger write shows in the report at once, without 立即更新.
 */
async function moneySource(db: Db, from: string, to: string): Promise<SQL> {
  const built = await queryRows<{ day: string; at: Date | string }>(
    db,
    sql`select day, computed_at as at from report_rollup_days where day >= ${from} and day <= ${to}`,
  );
  const builtAt = new Map(built.map((r) => [r.day, new Date(r.at).getTime()]));
  const live = daysOf(from, to).filter((d) => !((builtAt.get(d) ?? 0) >= Date.parse(dayBounds(d).end)));
  const list = (days: string[]) =>
    sql.join(
      days.map((d) => sql`${d}`),
      sql`, `,
    );
  const rolled = sql`select day, category, channel_id, currency, amount, entries from report_money_days
                     where day >= ${from} and day <= ${to} ${live.length ? sql`and day not in (${list(live)})` : sql``}`;
  if (!live.length) return rolled;
  // Consecutive live days read as one span of the ledger's created_at index.
  const spans: { start: string; end: string }[] = [];
  for (const d of live) {
    const b = dayBounds(d);
    const last = spans.at(-1);
    if (last && last.end === b.start) last.end = b.end;
    else spans.push(b);
  }
  return sql`${rolled} union all ${moneyRows(spans)}`;
}

/**
 * 资金报表: per day and currency the ledger's rows by category (signed, as the ledger holds them) and their net, which
 * equals the ledger's own sum for the day; freight per channel; insurance fees of the packages paid.
 */
export async function moneyReport(db: Db, query: MoneyReportQuery, now: Date): Promise<MoneyReportResult> {
  const q = { ...query, ...resolveRange(query, now) };
  const source = await moneySource(db, q.from, q.to);
  const filters = sql`m.day >= ${q.from} and m.day <= ${q.to}
    ${q.channelId !== undefined ? sql`and m.channel_id = ${q.channelId}` : sql``}
    ${q.currency ? sql`and m.currency = ${q.currency.toUpperCase()}` : sql``}`;
  const [rows, channels, at] = await Promise.all([
    queryRows<{ day: string; category: string; currency: string; amount: string | number; entries: number }>(
      db,
      sql`select day, category, currency, sum(amount)::bigint as amount, sum(entries)::int as entries
          from (${source}) m where ${filters} group by 1, 2, 3 order by 1, 3`,
    ),
    queryRows<{ channel_id: number; name: string | null; currency: string; freight: string | number; entries: number }>(
      db,
      sql`select m.channel_id, c.name, m.currency, sum(m.amount)::bigint as freight, sum(m.entries)::int as entries
          from (${source}) m left join ship_channels c on c.id = m.channel_id
          where ${filters} and m.category in ('freight', 'freight_topup') and m.channel_id > 0
          group by 1, 2, 3 order by 4, 1`,
    ),
    rolledUpAt(db),
  ]);
  const days = new Map<string, MoneyReportResult['days'][number]>();
  for (const r of rows) {
    const key = `${r.day} ${r.currency}`;
    let d = days.get(key);
    if (!d) {
      d = {
        day: r.day,
        currency: r.currency,
        amounts: Object.fromEntries(MONEY_CATEGORIES.map((c) => [c, 0])) as Record<MoneyCategory, number>,
        net: 0,
        entries: 0,
        serviceFees: 0,
      };
      days.set(key, d);
    }
    const amount = Number(r.amount);
    if (r.category === 'service_fee') d.serviceFees += amount;
    else {
      if ((MONEY_CATEGORIES as readonly string[]).includes(r.category)) d.amounts[r.category as MoneyCategory] += amount;
      else d.amounts.adjustment += amount;
      d.net += amount;
      d.entries += r.entries;
    }
  }
  return {
    from: q.from,
    to: q.to,
    rolledUpAt: at,
    days: [...days.values()],
    byChannel: channels.map((c) => ({
      channelId: c.channel_id,
      channelName: c.name ?? `#${c.channel_id}`,
      currency: c.currency,
      freight: Number(c.freight),
      entries: c.entries,
    })),
  };
}

/**
 * The money report's reconciliation: per currency, the ledger's own net and count over the range (read from the
 * ledger rows through their created_at index) beside the roll-up's.
 */
export async function moneyReconcile(db: Db, query: MoneyReconcileQuery, now: Date): Promise<MoneyReconcileResult> {
  const q = { ...query, ...resolveRange(query, now) };
  const range = { start: dayBounds(q.from).start, end: dayBounds(q.to).end };
  const currency = (col: string) => (q.currency ? sql`and ${sql.raw(col)} = ${q.currency.toUpperCase()}` : sql``);
  const [ledger, report, at] = await Promise.all([
    queryRows<{ currency: string; net: string | number; entries: number }>(
      db,
      sql`select currency, sum(amount)::bigint as net, count(*)::int as entries from ledger_entries
          where created_at >= ${range.start}::timestamptz and created_at < ${range.end}::timestamptz ${currency('currency')}
          group by 1`,
    ),
    queryRows<{ currency: string; net: string | number; entries: number }>(
      db,
      sql`select currency, sum(amount)::bigint as net, sum(entries)::int as entries from (${await moneySource(db, q.from, q.to)}) m
          where category <> 'service_fee' ${currency('currency')}
          group by 1`,
    ),
    rolledUpAt(db),
  ]);
  const currencies = [...new Set([...ledger, ...report].map((r) => r.currency))].sort();
  const sums = (rows: typeof ledger, c: string) => {
    const r = rows.find((x) => x.currency === c);
    return { net: Number(r?.net ?? 0), entries: r?.entries ?? 0 };
  };
  return {
    from: q.from,
    to: q.to,
    rolledUpAt: at,
    list: currencies.map((c) => {
      const l = sums(ledger, c);
      const r = sums(report, c);
      return { currency: c, ledger: l, report: r, matches: l.net === r.net && l.entries === r.entries };
    }),
  };
}
