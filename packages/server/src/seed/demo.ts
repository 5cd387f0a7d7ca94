import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { domainEvents, members, siteApiKeys, systemMeta } from '../db/schema';
import { hashToken } from '../core/auth';
import { DEMO_SITE_KEY, SIM_STAFF } from '../simulate/staff';
import { ensureAdmin } from './base';
import { seedConfigContentDemo } from './demo-config-content';
import { seedGoodsInDemo } from './demo-goods-in';
import { seedHistoryDemo } from './demo-history';
import { seedGoodsOutDemo } from './demo-goods-out';
import { seedMoneyPeopleDemo } from './demo-money-people';
import { seedMarketingDemo } from './demo-marketing';
import { seedCustomsEnglishDemo } from './demo-customs';

export const DEMO_PASSWORD = 'demo12345';

/** Demo staff, one or more per seed role; they log in with DEMO_PASSWORD. */
export const DEMO_STAFF = [
  { username: 'warehouse1', name: '仓库小王', roles: ['warehouse'] },
  { username: 'warehouse2', name: '仓库小李', roles: ['warehouse'] },
  { username: 'purchaser1', name: '采购小张', roles: ['purchaser'] },
  { username: 'finance1', name: '财务小陈', roles: ['finance'] },
  { username: 'cs1', name: '客服小刘', roles: ['customer_service'] },
  { username: 'marketing1', name: '营销小赵', roles: ['marketing'] },
  { username: 'ops1', name: '运营小周', roles: ['operations'] },
];

/** The simulator's own staff, so a simulated day never logs out a person using the demo staff. */
async function seedSimulatorStaff(db: Db, now: Date): Promise<void> {
  for (const staff of Object.values(SIM_STAFF)) await ensureAdmin(db, { ...staff, password: DEMO_PASSWORD }, now);
}

/** The simulator's member-site key (its value is published: demo data only). */
async function seedSimulatorSiteKey(db: Db, now: Date): Promise<void> {
  await db.insert(siteApiKeys).values({
    name: '模拟器（演示数据）',
    prefix: DEMO_SITE_KEY.slice(0, 10),
    keyHash: hashToken(DEMO_SITE_KEY),
    creatorName: '演示数据',
    createdAt: now,
    updatedAt: now,
  });
}

const DEMO_MEMBERS = [
  ['Alice Martin', 'alice@example.com', 'google'],
  ['Bruno Silva', 'bruno@example.com', 'password'],
  ['Chloé Dubois', 'chloe@example.com', 'discord'],
  ['Daniel Kim', 'daniel@example.com', 'password'],
  ['Emma Rossi', 'emma@example.com', 'agent_id'],
  ['Felix Wagner', 'felix@example.com', 'google'],
  ['Grace Lee', 'grace@example.com', 'password'],
  ['Hugo Lambert', 'hugo@example.com', 'discord'],
] as const;

async function seedStaffAndMembers(db: Db, now: Date): Promise<void> {
  for (const staff of DEMO_STAFF) await ensureAdmin(db, { ...staff, password: DEMO_PASSWORD }, now);
  await db
    .insert(members)
    .values(
      DEMO_MEMBERS.map(([name, email, loginSource], i) => ({
        userCode: `U${(100001 + i).toString()}`,
        name,
        email,
        loginSource,
        discordId: loginSource === 'discord' ? `${email.split('@')[0]}#${String(1000 + i * 37).slice(-4)}` : '',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Demo data, one step per domain. Each step runs once per database (recorded in system_meta), so a domain
 * added later seeds its demo data into an existing demo database on the next start.
 */
export const DEMO_STEPS: [key: string, run: (db: Db, now: Date) => Promise<void>][] = [
  ['staff-members', seedStaffAndMembers],
  ['config-content', seedConfigContentDemo],
  ['goods-in', seedGoodsInDemo],
  ['money-people', seedMoneyPeopleDemo],
  ['marketing', seedMarketingDemo],
  ['goods-out', seedGoodsOutDemo],
  ['history', seedHistoryDemo],
  ['simulator-staff', seedSimulatorStaff],
  ['simulator-site-key', seedSimulatorSiteKey],
  // Added later than the other simulator staff (its outbox reader): a step of its own reaches existing demo databases.
  ['simulator-outbox-reader', seedSimulatorStaff],
  // The demo packages' declarations in English (their titles are Chinese): customs papers print at once.
  ['customs-english', seedCustomsEnglishDemo],
];

export async function seedDemo(db: Db, now: Date): Promise<void> {
  for (const [key, run] of DEMO_STEPS) {
    const metaKey = `demo_seeded:${key}`;
    const [done] = await db.select().from(systemMeta).where(eq(systemMeta.key, metaKey)).limit(1);
    if (done) continue;
    await run(db, now);
    await db.insert(systemMeta).values({ key: metaKey, value: true, updatedAt: now });
    // Demo history is not news: its transitions' events are not sent to anyone.
    await db.update(domainEvents).set({ dispatchedAt: now }).where(isNull(domainEvents.dispatchedAt));
  }
}
