import { type AdminSession, outboxCodeReader, simClient, type VerifyCodeReader } from './client';
import { type UnhappyResult, walkUnhappyPaths } from './unhappy';
import { warehouseDay } from './warehouse';
import { SIM_STAFF } from './staff';

/**
 * A business day, simulated (issue 13): members go through the member API (register, top up through the sandbox,
 * order, pay, pack, pay freight and any top-up, confirm receipt) and staff through the staff API and the stations
 * (buy, receive, photograph, shelve, pre-review, remove, pack, weigh, label, sort, seal, ship), all over HTTP against
 * a real server, each step moving the same state machines the screens use. Every call is timed by its name. The day
 * flows as a real one does: the warehouse works on what has come in while members go on ordering (`warehouse.ts`).
 */

export interface SimulateOptions {
  /** Where the server listens, e.g. http://localhost:8080, or several servers' addresses (one database behind them). */
  url: string | string[];
  members: number;
  /** Orders per member (1–3 lines each). */
  ordersPerMember: number;
  /** Staff who do the work, and their password (default: the simulator's own demo accounts, see SIM_STAFF). */
  staff?: { purchaser: string; warehouse: string; finance: string; password: string };
  /** How many members act at once, each going on as soon as an answer comes (flat out). */
  concurrency?: number;
  /**
   * Members come at this pace instead (orders per hour, the member's orders counted), each whatever the others are
   * doing, as members of a real site do: what the member calls take at a given load, where `concurrency` finds the most
   * the server does. Each member packs once their goods are in, so the packing follows at the same pace.
   */
  ordersPerHour?: number;
  log?: (line: string) => void;
  /** A random seed, so a run can be repeated. */
  seed?: number;
  /**
   * A member site's key (X-Api-Key): with it, members after the first ten sign in through the site (Google or
   * Discord, server to server) as most members of a real site do; without it every member registers with a password,
   * and sign-ups wait out their limit (20 a minute per address).
   */
  siteKey?: string;
  /**
   * Reads the 6-digit sign-up code the server mailed to an email (a password sign-up proves its email). Without it,
   * members sign in through the site key only (no password sign-ups).
   */
  emailCode?: (email: string) => Promise<string>;
  /**
   * Reads the 6-digit code a sensitive operation's verifier was sent (the server's outbox: `outboxCodeReader`). Without
   * it, the unhappy paths that need a verified staff call (cancelling a paid package) are not walked.
   */
  verifyCode?: VerifyCodeReader;
  /**
   * The simulator's super admin (SIM_STAFF.admin, a demo server's): it reads verifiers' codes from the outbox when no
   * `verifyCode` is given, and gives the unpaid path's order its minute's deadline. Without it, those paths are not walked.
   */
  admin?: AdminSession;
  /** Runs the unpaid-order job as the server's runner does once an order is overdue (a test's server runs no jobs). */
  cancelOverdueUnpaid?: () => Promise<void>;
}

/** Members who register with email and password even when the site signs the others in. */
const PASSWORD_MEMBERS = 10;

export interface SimulateResult {
  members: number;
  orders: number;
  lines: number;
  packages: number;
  shipped: number;
  received: number;
  freightTopups: number;
  errors: number;
  errorSamples: string[];
  /** The day's time, the unhappy paths walked after it left out (one of them waits for a job): what orders/hour is of. */
  elapsedMs: number;
  /** The members' ordering (the day's first part), what a paced run's orders/hour is of. */
  orderingMs: number;
  /** When goods in took its first line (from the day's start): in a day that flows, long before the members stop ordering. */
  goodsInBeganMs: number | null;
  /** The unhappy paths' time. */
  unhappyMs: number;
  /** Per call name: how many and their durations (ms). */
  calls: Map<string, number[]>;
  ledger: { ok: boolean; accounts: number; entries: number; mismatches: number } | null;
  /** The unhappy paths walked after the day (issue 30): how many, and how many did not end where they should. */
  unhappy: UnhappyResult;
}

/** Mulberry32: a small seeded generator, enough for choosing marketplaces and weights. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function simulate(o: SimulateOptions): Promise<SimulateResult> {
  const staffNames = o.staff ?? {
    purchaser: SIM_STAFF.purchaser.username,
    warehouse: SIM_STAFF.warehouse.username,
    finance: SIM_STAFF.finance.username,
    password: 'demo12345',
  };
  const log = o.log ?? (() => {});
  const rand = random(o.seed ?? Date.now());
  const client = simClient(o.url, log, o.verifyCode ?? (o.admin && outboxCodeReader([o.url].flat()[0]!, o.admin)));
  const { run, call, failed, calls, errorSamples, counts } = client;
  const started = performance.now();

  // ---------------------------------------------------------------- staff sign in
  const login = (username: string) =>
    call<{ token: string }>('staff.login', 'POST', '/api/admin/login', { body: { username, password: staffNames.password } }).then((r) => r.token);
  const buyer = await login(staffNames.purchaser);
  const warehouse = await login(staffNames.warehouse);
  const finance = await login(staffNames.finance);

  // ---------------------------------------------------------------- members: register, top up, order, pay
  interface Sim {
    token: string;
    userCode: string;
    addressId: number;
    purchaseNos: string[];
    packageNos: string[];
  }
  const sims: Sim[] = [];
  let orders = 0;
  let lines = 0;
  const malls = ['TB', 'T1688', 'XY', 'JD', 'WD'];
  /** A password sign-up: the form, then the code from the mail. */
  async function signUp(email: string, i: number) {
    if (!o.emailCode) throw new Error('password sign-ups need the emailed code: pass emailCode (or a site key)');
    await call('member.register', 'POST', '/api/open/v1/auth/register', { body: { email, password: 'simulate123', name: `Sim Member ${i}`, country: 'US' } });
    return call<{ token: string; member: { userCode: string } }>('member.registerConfirm', 'POST', '/api/open/v1/auth/registerConfirm', {
      body: { email, code: await o.emailCode(email) },
    });
  }
  async function memberMorning(i: number): Promise<Sim> {
    const email = `sim-${run.toLowerCase()}-${i}@example.com`;
    const session =
      o.siteKey && (i >= PASSWORD_MEMBERS || !o.emailCode)
        ? await call<{ token: string; member: { userCode: string } }>('member.siteLogin', 'POST', '/api/open/v1/auth/siteLogin', {
            site: o.siteKey,
            body:
              i % 2
                ? { loginSource: 'google', email, name: `Sim Member ${i}`, country: 'US' }
                : { loginSource: 'discord', email, name: `Sim Member ${i}`, discordId: `sim_member_${i}`, country: 'US' },
          })
        : await signUp(email, i);
    const member = session.token;
    const address = await call<{ id: number }>('member.address', 'POST', '/api/open/v1/addresses/save', {
      member,
      body: {
        receiver: `Sim Member ${i}`,
        phone: '+1 415 555 0100',
        country: 'US',
        province: 'CA',
        city: 'San Francisco',
        address: `${i} Market St`,
        postcode: '94105',
      },
    });
    const intent = await call<{ intentNo: string }>('member.topup', 'POST', '/api/open/v1/topups', {
      member,
      body: { amount: 500_000, currency: 'CNY', provider: 'sandbox' },
    });
    await call('member.sandboxPay', 'POST', '/api/open/v1/sandbox/pay', { member, body: { intentNo: intent.intentNo } });
    const sim: Sim = { token: member, userCode: session.member.userCode, addressId: address.id, purchaseNos: [], packageNos: [] };
    for (let k = 0; k < o.ordersPerMember; k++) {
      const count = 1 + Math.floor(rand() * 3);
      const order = await call<{ orderNo: string; lines: { purchaseNo: string }[] }>('member.order', 'POST', '/api/open/v1/orders', {
        member,
        body: {
          lines: Array.from({ length: count }, (_, j) => ({
            mallType: malls[Math.floor(rand() * malls.length)],
            productUrl: `https://item.example.com/${run}/${i}/${k}/${j}`,
            title: `模拟商品 ${i}-${k}-${j}`,
            props: [{ name: '颜色:黑色' }],
            quantity: 1,
            unitPrice: 2_000 + Math.floor(rand() * 20_000),
          })),
        },
      });
      await call('member.pay', 'POST', '/api/open/v1/orders/pay', { member, body: { orderNo: order.orderNo } });
      orders++;
      lines += order.lines.length;
      sim.purchaseNos.push(...order.lines.map((l) => l.purchaseNo));
    }
    sims.push(sim);
    return sim;
  }
  // ---------------------------------------------------------------- the afternoon: goods in, the member packs, goods out
  const staff = warehouseDay({ client, buyer, warehouse, rand });
  let channelOf: Promise<{ id: number; code: string } | undefined> | undefined;
  /** The channel members ship by, looked up once by the first member who needs it. */
  const theChannel = (member: string) =>
    (channelOf ??= call<{ list: { id: number; code: string }[] }>('member.channels', 'GET', '/api/open/v1/channels', { member }).then(
      (r) => r.list.find((c) => c.code === 'DHL') ?? r.list[0],
    ));
  const packageIds = new Map<string, number>();
  async function packOrder(sim: Sim, channel: { id: number }): Promise<void> {
    const items = await call<{ list: { id: number; weightG: number }[] }>('member.items', 'GET', '/api/open/v1/items', { member: sim.token });
    if (!items.list.length) return;
    const pack = await call<{ packageNo: string }>('member.pack', 'POST', '/api/open/v1/packs', {
      member: sim.token,
      body: { itemIds: items.list.map((i) => i.id), channelId: channel.id, addressId: sim.addressId },
    });
    const detail = await call<{ id: number }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', {
      staff: warehouse,
      query: { packageNo: pack.packageNo },
    });
    packageIds.set(pack.packageNo, detail.id);
    const estimated = items.list.reduce((s, i) => s + i.weightG, 0) + 100;
    await call('station.pretrialPass', 'POST', '/api/warehouse/pretrial/pass', { staff: warehouse, body: { id: detail.id, estimatedWeightG: estimated } });
    await call('member.payPack', 'POST', '/api/open/v1/packs/pay', { member: sim.token, body: { packageNo: pack.packageNo } });
    sim.packageNos.push(pack.packageNo);
  }
  /** A member's lines reach the shelf as the purchaser and the warehouse work through them; once all are in, the member packs. */
  async function memberAfternoon(sim: Sim): Promise<void> {
    await Promise.all(sim.purchaseNos.map((no) => staff.goodsIn(no).catch(failed)));
    const channel = await theChannel(sim.token);
    if (!channel) return;
    await packOrder(sim, channel);
    for (const packageNo of sim.packageNos) await staff.goodsOut({ member: sim.token, packageNo, channelId: channel.id });
  }

  // Members come flat out, `concurrency` at once, or one every so often (ordersPerHour); each member's afternoon goes
  // on beside the others' mornings, as the warehouse works while members order.
  const afternoons: Promise<void>[] = [];
  const morningThenAfternoon = (i: number) => memberMorning(i).then((sim) => void afternoons.push(memberAfternoon(sim).catch(failed)), failed);
  await (o.ordersPerHour
    ? arriving(o.members, (3_600_000 * o.ordersPerMember) / o.ordersPerHour, morningThenAfternoon)
    : inBatches(o.members, o.concurrency ?? 4, morningThenAfternoon));
  const orderingMs = performance.now() - started;
  log(`members ordered: ${sims.length} members, ${orders} orders, ${lines} lines`);
  await Promise.all(afternoons);
  log('bought, received, shelved, packed, weighed, labelled and sorted');

  // ---------------------------------------------------------------- the batch ships; members confirm receipt
  let shipped = 0;
  let received = 0;
  try {
    const left = new Set(await staff.ship());
    shipped = left.size;
    for (const sim of sims)
      for (const packageNo of sim.packageNos.filter((p) => left.has(p)))
        await call('member.confirmReceipt', 'POST', '/api/open/v1/packs/confirmReceipt', { member: sim.token, body: { packageNo } })
          .then(() => received++)
          .catch(failed);
  } catch (err) {
    failed(err);
  }
  const channel = await channelOf?.catch(() => undefined);

  // ---------------------------------------------------------------- the unhappy paths, each once
  const dayMs = performance.now() - started;
  let unhappy: UnhappyResult = { tried: 0, stuck: 0, skipped: 0, stuckSamples: [] };
  if (sims.length && channel) {
    let seq = 0;
    unhappy = await walkUnhappyPaths({
      client,
      staff: { buyer, warehouse },
      member: { token: sims[0]!.token, addressId: sims[0]!.addressId },
      channelId: channel.id,
      next: () => `${client.run}${String(++seq).padStart(4, '0')}`,
      log,
      admin: await o.admin?.().catch((err: unknown) => void failed(err)),
      cancelOverdueUnpaid: o.cancelOverdueUnpaid,
    });
  }

  let ledger: SimulateResult['ledger'] = null;
  try {
    const r = await call<{ accounts: number; entries: number; balanceMismatches: unknown[]; runningMismatches: number; orphanEntries: number }>(
      'finance.ledgerCheck',
      'GET',
      '/api/transaction/ledgerCheck',
      { staff: finance },
    );
    const mismatches = r.balanceMismatches.length + r.runningMismatches + r.orphanEntries;
    ledger = { ok: mismatches === 0, accounts: r.accounts, entries: r.entries, mismatches };
  } catch (err) {
    failed(err);
  }
  const goodsInBegan = staff.goodsInBegan();
  return {
    members: sims.length,
    orders,
    lines,
    packages: packageIds.size,
    shipped,
    received,
    freightTopups: staff.freightTopups(),
    errors: counts.errors,
    errorSamples,
    elapsedMs: dayMs,
    orderingMs,
    goodsInBeganMs: goodsInBegan === undefined ? null : goodsInBegan - started,
    unhappyMs: performance.now() - started - dayMs,
    calls,
    ledger,
    unhappy,
  };
}

/** Runs `work(0…n-1)`, one started every `everyMs` whether the ones before have finished or not. */
async function arriving(n: number, everyMs: number, work: (i: number) => Promise<unknown>): Promise<void> {
  const first = performance.now();
  const running: Promise<unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const wait = first + i * everyMs - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(work(i));
  }
  await Promise.all(running);
}

/** Runs `work(0…n-1)` with at most `width` at once. */
async function inBatches(n: number, width: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await work(next++);
    }),
  );
}
