import { type AdminSession, CallError, outboxCodeReader, simClient, type VerifyCodeReader } from './client';
import { QC_PHOTO, type UnhappyResult, walkUnhappyPaths } from './unhappy';
import { SIM_STAFF } from './staff';

/**
 * A business day, simulated (issue 13): members go through the member API (register, top up through the sandbox,
 * order, pay, pack, pay freight and any top-up, confirm receipt) and staff through the staff API and the stations
 * (buy, receive, photograph, shelve, pre-review, remove, pack, weigh, label, sort, seal, ship), all over HTTP against
 * a real server, each step moving the same state machines the screens use. Every call is timed by its name.
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
   * the server does. Their packing later comes at the same pace.
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

/** Parcels to a sack: a sack a person lifts holds 20–30 kg (one of a thousand parcels would weigh a ton). */
const SACK_SIZE = 25;

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
  async function memberMorning(i: number): Promise<void> {
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
  }
  // Members flat out, `concurrency` at once, or one every so often (ordersPerHour).
  const asMembersCome = (n: number, work: (i: number) => Promise<unknown>) =>
    o.ordersPerHour ? arriving(n, (3_600_000 * o.ordersPerMember) / o.ordersPerHour, work) : inBatches(n, o.concurrency ?? 4, work);
  await asMembersCome(o.members, (i) => memberMorning(i).catch(failed));
  const orderingMs = performance.now() - started;
  log(`members ordered: ${sims.length} members, ${orders} orders, ${lines} lines`);

  // ---------------------------------------------------------------- purchasing and goods in
  const photo = QC_PHOTO;
  let parcel = 0;
  async function buyAndReceive(purchaseNo: string): Promise<void> {
    const found = await call<{ list: { id: number; paidAmount: number }[] }>('buy.find', 'GET', '/api/buy/pageList', {
      staff: buyer,
      query: { status: 'purchase_wait', numberType: 'purchaseNo', numberValue: purchaseNo },
    });
    const line = found.list[0];
    if (!line) throw new CallError(`buy.find: ${purchaseNo} not waiting`);
    await call('buy.claim', 'POST', '/api/buy/claim', { staff: buyer, body: { id: line.id } });
    const trackingNo = `SIM${run}${String(++parcel).padStart(6, '0')}`;
    await call('buy.purchased', 'POST', '/api/buy/purchased', {
      staff: buyer,
      body: { id: line.id, mallOrderNo: `M${run}${parcel}`, realPrice: line.paidAmount, trackingNo },
    });
    const received = await call<{ lines: { item: { itemCode: string } }[] }>('station.inbound', 'POST', '/api/warehouse/inbound/receive', {
      staff: warehouse,
      body: { trackingNo, lines: [{ id: line.id, weightG: 200 + Math.floor(rand() * 1_500), lengthMm: 300, widthMm: 200, heightMm: 100 }] },
    });
    const itemCode = received.lines[0]!.item.itemCode;
    const upload = await call<{ fileUri: string }>('station.upload', 'POST', '/api/upload/imageForBase64', {
      staff: warehouse,
      body: { type: 'qc', base64: photo },
    });
    await call('station.qcPhoto', 'POST', '/api/warehouse/qc/photo', {
      staff: warehouse,
      body: { itemCode, media: [{ fileUri: upload.fileUri, kind: 'image' }] },
    });
    await call('station.shelve', 'POST', '/api/warehouse/shelve', { staff: warehouse, body: { itemCode, locationCode: 'A-01-01-01' } });
  }
  for (const sim of sims) for (const no of sim.purchaseNos) await buyAndReceive(no).catch(failed);
  log('bought, received, photographed and shelved');

  // ---------------------------------------------------------------- pack orders, pre-review, freight
  const channels = sims.length
    ? await call<{ list: { id: number; code: string }[] }>('member.channels', 'GET', '/api/open/v1/channels', { member: sims[0]!.token })
    : { list: [] };
  const channel = channels.list.find((c) => c.code === 'DHL') ?? channels.list[0];
  const packageIds = new Map<string, number>();
  async function packOrder(sim: Sim): Promise<void> {
    const items = await call<{ list: { id: number; weightG: number }[] }>('member.items', 'GET', '/api/open/v1/items', { member: sim.token });
    if (!items.list.length || !channel) return;
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
  await asMembersCome(sims.length, (i) => packOrder(sims[i]!).catch(failed));

  // ---------------------------------------------------------------- remove, pack, weigh, label
  let freightTopups = 0;
  const ready: string[] = [];
  async function packAndLabel(sim: Sim, packageNo: string): Promise<void> {
    const pkg = await call<{ items: { itemCode: string }[]; estimatedWeightG: number }>('station.packageDetail', 'GET', '/api/warehouse/package/detail', {
      staff: warehouse,
      query: { packageNo },
    });
    for (const it of pkg.items)
      await call('station.removal', 'POST', '/api/warehouse/removal/scan', { staff: warehouse, body: { itemCode: it.itemCode, packageNo } });
    await call('station.packingOpen', 'POST', '/api/warehouse/packing/scan', { staff: warehouse, body: { code: packageNo } });
    for (const it of pkg.items)
      await call('station.packingItem', 'POST', '/api/warehouse/packing/item', { staff: warehouse, body: { packageNo, itemCode: it.itemCode } });
    // One package in four weighs well over its estimate: the member owes a freight top-up before it may leave.
    const heavy = rand() < 0.25;
    const weighed = await call<{ status: string }>('station.weigh', 'POST', '/api/warehouse/packing/weigh', {
      staff: warehouse,
      body: { packageNo, weightG: heavy ? pkg.estimatedWeightG * 2 + 1_000 : pkg.estimatedWeightG, lengthMm: 300, widthMm: 200, heightMm: 150 },
    });
    if (weighed.status === 'patch_wait') {
      await call('member.payPatch', 'POST', '/api/open/v1/packs/payPatch', { member: sim.token, body: { packageNo } });
      freightTopups++;
    }
    await call('station.confirmLabel', 'POST', '/api/warehouse/packing/confirmLabel', { staff: warehouse, body: { packageNo, code: packageNo } });
    ready.push(packageNo);
  }
  for (const sim of sims) for (const no of sim.packageNos) await packAndLabel(sim, no).catch(failed);

  // ---------------------------------------------------------------- sort, seal, ship; members confirm receipt
  let shipped = 0;
  let received = 0;
  if (ready.length && channel) {
    try {
      const batch = await call<{ id: number }>('station.batchCreate', 'POST', '/api/warehouse/outBatch/create', {
        staff: warehouse,
        body: { carrier: 'Simulated carrier' },
      });
      // Sacks as a person fills them (SACK_SIZE parcels, about what one lifts), each into the batch once sealed.
      const sorted: string[] = [];
      for (let first = 0, n = 1; first < ready.length; first += SACK_SIZE, n++) {
        const sackCode = `SK${run}${String(n).padStart(3, '0')}`;
        await call('station.sackBind', 'POST', '/api/warehouse/sack/bind', { staff: warehouse, body: { code: sackCode, channelId: channel.id } });
        for (const packageNo of ready.slice(first, first + SACK_SIZE))
          await call('station.sortPut', 'POST', '/api/warehouse/sorting/put', { staff: warehouse, body: { packageNo, sackCode } })
            .then(() => sorted.push(packageNo))
            .catch(failed);
        await call('station.sackSeal', 'POST', '/api/warehouse/sack/seal', { staff: warehouse, body: { code: sackCode } });
        await call('station.batchAddSack', 'POST', '/api/warehouse/outBatch/addSack', { staff: warehouse, body: { batchId: batch.id, sackCode } });
      }
      await call('station.batchShip', 'POST', '/api/warehouse/outBatch/ship', {
        staff: warehouse,
        body: { batchId: batch.id, trackingNos: sorted.map((packageNo, k) => ({ packageNo, trackingNo: `SIM${run}T${k}` })) },
      });
      shipped = sorted.length;
      for (const sim of sims)
        for (const packageNo of sim.packageNos.filter((p) => sorted.includes(p)))
          await call('member.confirmReceipt', 'POST', '/api/open/v1/packs/confirmReceipt', { member: sim.token, body: { packageNo } })
            .then(() => received++)
            .catch(failed);
    } catch (err) {
      failed(err);
    }
  }

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
  return {
    members: sims.length,
    orders,
    lines,
    packages: packageIds.size,
    shipped,
    received,
    freightTopups,
    errors: counts.errors,
    errorSamples,
    elapsedMs: dayMs,
    orderingMs,
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
