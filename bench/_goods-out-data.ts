// The goods-out generator shared by the benchmarks: packages over a realistic status mix, two items each, made set-based
// (generate_series, no row-by-row inserts).
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../packages/server/src/db';

/** Status mix per 1,000 packages: most delivered, a working day's worth at every station. */
export const MIX: [status: string, perMille: number][] = [
  ['received', 500],
  ['shipped', 200],
  ['canceled', 30],
  ['pack_pretrial', 20],
  ['pack_pretrial_pass', 10],
  ['remove_wait', 60],
  ['removed', 40],
  ['packing', 20],
  ['packed', 20],
  ['patch_wait', 5],
  ['pending_launch', 5],
  ['wait_ship', 40],
  ['sorted', 20],
  ['prepare_ship', 10],
  ['exception', 10],
  ['returned', 10],
];
const AFTER_REMOVAL = `('removed','packing','packed','patch_wait','pending_launch','wait_ship','sorted','prepare_ship','shipped','received','exception','returned')`;
const AFTER_CHECK = `('packing','packed','patch_wait','pending_launch','wait_ship','sorted','prepare_ship','shipped','received','returned')`;
const WEIGHED = `('packed','patch_wait','pending_launch','wait_ship','sorted','prepare_ship','shipped','received','returned')`;
const MALLS = ['TB', 'T1688', 'XY', 'JD', 'WD'];
export const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU', 'JP', 'NL'];

function statusCase(): string {
  let acc = 0;
  const arms = MIX.map(([s, n]) => {
    acc += n;
    return `when (g::bigint * 7919) % 1000 < ${acc} then '${s}'`;
  });
  return `case ${arms.join(' ')} else 'received' end`;
}

/** Fills `count` packages (2 items each) over 20,000 bench members on the EMS channel, in chunks. */
export async function generateGoodsOut(db: Db, count: number, log: (s: string) => void = () => {}) {
  const t0 = performance.now();
  await db.execute(
    sql.raw(`insert into members (user_code, name, email, login_source, status, created_at, updated_at)
    select 'G' || lpad(g::text, 6, '0'), 'Bench member ' || g, 'g' || g || '@example.com', 'password', 'activity', now(), now()
    from generate_series(1, 20000) g on conflict do nothing`),
  );
  const [{ m0 }] = await queryRows<{ m0: number }>(db, sql.raw(`select min(id)::int as m0 from members where user_code like 'G%'`));
  const [{ ch }] = await queryRows<{ ch: number }>(db, sql.raw(`select id as ch from ship_channels where code = 'EMS'`));
  const chunk = 100_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await db.execute(
      sql.raw(`insert into packages (id, package_no, member_id, status, channel_id, country_code, address, mall_types, declared_value, item_count,
        estimated_weight_g, real_weight_g, length_mm, width_mm, height_mm, volume_cm3, volumetric_weight_g, currency, freight_estimated, freight_charged, freight_real,
        tracking_no, pay_time, shipped_at, created_at, updated_at)
      select id, 'PK' || lpad(id::text, 8, '0'), ${m0} + (g % 20000), st, ${ch}, c,
        jsonb_build_object('receiver', 'Bench ' || g, 'phone', '', 'country', c, 'province', '', 'city', 'City', 'address', g || ' Main St', 'postcode', ''),
        array[(array['${MALLS.join("','")}'])[1 + g % 5]], 11800, 2, 900,
        case when st in ${WEIGHED} then 950 end, 200, 150, 100, 3000, 375, 'CNY', 20500, case when st in ('pack_pretrial','pack_pretrial_pass','canceled') then 0 else 20500 end,
        case when st in ${WEIGHED} then 20500 end, case when st in ('shipped','received') then 'EB' || lpad(g::text, 9, '0') || 'CN' else '' end,
        case when st not in ('pack_pretrial','pack_pretrial_pass','canceled') then now() - (g || ' seconds')::interval end,
        case when st in ('shipped','received') then now() - (g || ' seconds')::interval end,
        now() - ((${count} - g) || ' seconds')::interval, now() - ((${count} - g) || ' seconds')::interval
      from (select g, nextval(pg_get_serial_sequence('packages', 'id')) as id, ${statusCase()} as st,
              (array['${COUNTRIES.join("','")}'])[1 + g % ${COUNTRIES.length}] as c from generate_series(${from}, ${to}) g) x`),
    );
    await db.execute(
      sql.raw(`insert into package_items (package_id, item_id, purchase_id, item_code, shelf_code, removed_at, removed_by, checked_at, released)
      select p.id, 1000000000 + p.id * 2 + k, 0, 'BI' || lpad((p.id * 2 + k)::text, 10, '0'),
        'K-' || lpad((1 + p.id % 20)::text, 2, '0') || '-' || lpad((1 + k)::text, 2, '0') || '-01',
        case when p.status in ${AFTER_REMOVAL} then p.updated_at end, '', case when p.status in ${AFTER_CHECK} then p.updated_at end, p.status = 'canceled'
      from packages p, generate_series(0, 1) k
      where p.package_no between 'PK' || lpad('${from}', 8, '0') and 'PK' || lpad('${to}', 8, '0') and p.member_id >= ${m0}`),
    );
    log(`  ${to.toLocaleString('en')} packages (${Math.round((performance.now() - t0) / 1000)} s)`);
  }
  await db.execute(sql.raw('vacuum analyze'));
  return { ms: performance.now() - t0 };
}
