import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FLAT_ROUTES } from '@waystation/shared/menu';
import { type ApiRouteInfo, apiRoutesOf } from '../core/http';
import { authenticate } from '../core/auth';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './server';

/**
 * Issue 27: on the demo data, every read of every menu screen answers and parses with its contract, and so does the
 * detail of every row of every list. A detail page that answers 500 for a row of the history (a trace type the
 * schema refused) fails here. Super admin: every screen, every page of every list, every row's details. Each demo
 * role: its own screens' reads and the details of their first rows (no 5xx, no refusal of its own screen's calls).
 */

type Row = Record<string, unknown>;
interface Opens {
  /** A detail call, or a list of the row's children (paged like any list). */
  url: string;
  query: (row: Row) => Record<string, unknown>;
  /**
   * The record the call shows, when other lists open it too (a purchase line from 采购订单 and 订单查询, a package from
   * 包裹查询, 包裹预审 and 异常包裹): a record already opened is opened again only for a list's first rows.
   */
  record?: string;
}
const byId = (url: string, record?: string): Opens => ({ url, query: (r) => ({ id: r.id }), record });
const AGAIN = 3;
const childList = (url: string, key: string): Opens => ({ url, query: (r) => ({ [key]: r.id }) });

/** What each list opens for a row: its detail screen's calls (and the child lists a detail screen shows). */
const OPENS: Record<string, Opens[]> = {
  '/api/buy/pageList': [byId('/api/buy/detail', 'purchase')],
  '/api/warehouse/orderQuery': [byId('/api/warehouse/orderDetail', 'purchase')],
  '/api/waitPaidOrder/pageList': [byId('/api/waitPaidOrder/detail')],
  '/api/vip/pageList': [byId('/api/vip/detail'), childList('/api/vip/transactions', 'memberId')],
  '/api/transaction/pageList': [byId('/api/transaction/detail')],
  '/api/afterSales/refundList': [byId('/api/afterSales/refundDetail')],
  '/api/afterSales/returnList': [byId('/api/afterSales/returnDetail')],
  '/api/agent/pageAgentList': [byId('/api/agent/detail'), childList('/api/profitConf/fetchList', 'agentId')],
  '/api/finance/agentWithdrawal/pageList': [byId('/api/finance/agentWithdrawal/detail')],
  '/api/logistics/channelPageList': [
    byId('/api/logistics/channelDetail'),
    childList('/api/logistics/channelAttrList', 'channelId'),
    childList('/api/logistics/areaList', 'channelId'),
  ],
  '/api/config/faqPageList': [byId('/api/config/faqDetail')],
  '/api/agreement/findByPage': [byId('/api/agreement/fetchAgreementDetail')],
  '/api/help/articlePageList': [byId('/api/help/getArticle')],
  '/api/payment/channelPageList': [byId('/api/payment/channelDetail')],
  '/api/payment/rulePageList': [byId('/api/payment/ruleDetail')],
  '/api/notification/vip/channelList': [byId('/api/notification/vip/channelDetail')],
  '/api/marketing/coupon/pageList': [
    byId('/api/marketing/coupon/detail'),
    childList('/api/marketing/coupon/sendRecordList', 'couponId'),
    childList('/api/marketing/coupon/codeList', 'couponId'),
  ],
  '/api/marketing/resource/spaceList': [childList('/api/marketing/resource/taskList', 'spaceId')],
  '/api/marketing/activity/pageList': [byId('/api/marketing/activity/detail'), childList('/api/marketing/activity/drawRecordList', 'activityId')],
  '/api/warehouse/package/pageList': [byId('/api/warehouse/package/detail', 'package')],
  '/api/warehouse/pretrial/pageList': [byId('/api/warehouse/package/detail', 'package')],
  '/api/warehouse/outBatch/pageList': [byId('/api/warehouse/outBatch/detail')],
  '/api/warehouse/exception/pageList': [byId('/api/warehouse/exception/detail'), { url: '/api/warehouse/package/detail', query: (r) => ({ id: r.packageId }) }],
};

/** Calls made for a row, not on opening a screen (a package's detail answers 404 without its id or number). */
const OPENED = new Set(Object.values(OPENS).flatMap((o) => o.map((x) => x.url)));

/** GET calls that change something (SPEC names them so): never crawled. */
const CHANGES = /modify|delete/i;

const keysOf = (r: ApiRouteInfo) => (typeof r.permission === 'string' ? [r.permission] : [...r.permission]);
const rowsOf = (data: unknown): Row[] | null => {
  if (Array.isArray(data)) return data as Row[];
  if (data && typeof data === 'object' && Array.isArray((data as { list?: unknown }).list)) return (data as { list: Row[] }).list;
  return null;
};
const returnsRows = (r: ApiRouteInfo) => r.data instanceof z.ZodArray || (r.data instanceof z.ZodObject && 'list' in r.data.shape);
const isPaged = (r: ApiRouteInfo) => r.query instanceof z.ZodObject && 'page' in r.query.shape && 'limit' in r.query.shape;

let t: TestApp;
let routes: Map<string, ApiRouteInfo>;
beforeAll(async () => {
  t = await createTestApp();
  routes = new Map(apiRoutesOf(t.app).map((r) => [`${r.method} ${r.url}`, r]));
});
afterAll(() => t.close());

/** One crawler: calls as `token`, records every failure (5xx, refusal, answer the contract does not parse). */
function crawler(token: string, who: string) {
  const failures: string[] = [];
  const counts = { calls: 0, lists: 0, rows: 0, opened: 0, serverErrors: 0 };
  const seen = new Set<string>();
  const get = async (url: string, query: Record<string, unknown>) => {
    const route = routes.get(`GET ${url}`);
    if (!route) throw new Error(`no call GET ${url}`);
    counts.calls++;
    const res = await t.call('GET', url, { token, query });
    const where = `${who} GET ${url}?${new URLSearchParams(query as Record<string, string>)}`;
    if (res.status >= 500) counts.serverErrors++;
    if (res.code !== 20000) {
      failures.push(`${where}: ${res.status} ${res.code} ${res.message}`);
      return null;
    }
    const parsed = route.data?.safeParse(res.data);
    if (parsed && !parsed.success) {
      failures.push(`${where}: answer does not parse: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')} ${i.message}`)}`);
      return null;
    }
    return res.data;
  };
  /** Every page of a list (or the first `firstRows` rows), opening what each row opens. */
  const list = async (url: string, query: Record<string, unknown>, firstRows = Number.POSITIVE_INFINITY) => {
    counts.lists++;
    const paged = isPaged(routes.get(`GET ${url}`) as ApiRouteInfo);
    const limit = Math.min(200, firstRows);
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const data = await get(url, paged ? { ...query, page, limit } : query);
      const got = rowsOf(data) ?? [];
      rows.push(...got);
      if (!paged || got.length < limit || rows.length >= firstRows) break;
    }
    counts.rows += rows.length;
    for (const [n, row] of rows.slice(0, firstRows).entries()) {
      for (const open of OPENS[url] ?? []) {
        const input = open.query(row);
        const record = open.record && `${open.record} ${JSON.stringify(input)}`;
        if (record && seen.has(record) && n >= AGAIN) continue;
        if (record) seen.add(record);
        counts.opened++;
        const child = routes.get(`GET ${open.url}`) as ApiRouteInfo;
        if (returnsRows(child)) await list(open.url, input, firstRows);
        else await get(open.url, input);
      }
    }
  };
  return { failures, counts, get, list };
}

/** The reads a screen makes on opening: its permission's GET calls that need no input (lists, reports, settings). */
function screenReads(permissions: readonly string[]): ApiRouteInfo[] {
  return [...routes.values()].filter(
    (r) =>
      r.method === 'GET' &&
      !CHANGES.test(r.url) &&
      !OPENED.has(r.url) &&
      r.data &&
      keysOf(r).some((k) => permissions.includes(k)) &&
      (!r.query || r.query.safeParse({}).success),
  );
}

const SCREENS = FLAT_ROUTES.filter((r) => !r.route.hidden && r.route.permissions?.length);

describe('crawl of the demo data', () => {
  it('every detail call is opened from some list', () => {
    const details = [...routes.values()].filter((r) => r.method === 'GET' && /detail|getArticle/i.test(r.url) && !CHANGES.test(r.url));
    expect(details.map((r) => r.url).filter((u) => !OPENED.has(u))).toEqual([]);
    for (const url of [...Object.keys(OPENS), ...OPENED]) expect(routes.has(`GET ${url}`), url).toBe(true);
  });

  it('super admin: every screen, every row of every list and its details answer and parse', { timeout: 300_000 }, async () => {
    const c = crawler(await t.login(), 'admin');
    const done = new Set<string>();
    for (const screen of SCREENS) {
      for (const r of screenReads(screen.route.permissions ?? [])) {
        if (done.has(r.url)) continue;
        done.add(r.url);
        if (returnsRows(r)) await c.list(r.url, {});
        else await c.get(r.url, {});
      }
    }
    console.log(
      `crawl (admin): ${SCREENS.length} screens, ${done.size} reads (${c.counts.lists} lists paged through), ${c.counts.rows} rows, ` +
        `${c.counts.opened} rows opened, ${c.counts.calls} calls, ${c.counts.serverErrors} answered 5xx`,
    );
    expect(c.failures).toEqual([]);
    expect(c.counts.opened).toBeGreaterThan(500);
  });

  it("each demo role: its own screens' reads and the first rows' details answer", { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    const summary: string[] = [];
    for (const username of ['warehouse1', 'warehouse2', 'purchaser1', 'finance1', 'cs1', 'marketing1', 'ops1']) {
      const token = await t.login(username, DEMO_PASSWORD);
      const caller = await authenticate(t.db, token, t.clock.now());
      const screens = SCREENS.filter((s) => caller.routes.has(s.fullPath));
      expect(screens.length, username).toBeGreaterThan(0);
      const c = crawler(token, username);
      const done = new Set<string>();
      for (const screen of screens) {
        for (const r of screenReads(screen.route.permissions ?? [])) {
          if (done.has(r.url)) continue;
          done.add(r.url);
          if (returnsRows(r)) await c.list(r.url, {}, AGAIN);
          else await c.get(r.url, {});
        }
      }
      failures.push(...c.failures);
      summary.push(`${username} ${screens.length} screens/${done.size} reads/${c.counts.opened} opened/${c.counts.serverErrors} 5xx`);
    }
    console.log(`crawl (roles): ${summary.join('; ')}`);
    expect(failures).toEqual([]);
  });
});
