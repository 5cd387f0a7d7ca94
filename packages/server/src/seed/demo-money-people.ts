import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import {
  agentTerminalItems,
  agentUsers,
  agents,
  mainDomains,
  memberAddresses,
  memberLogins,
  memberProfiles,
  members,
  profitConfs,
  purchaseOrders,
  returnRequests,
  shopOrders,
  traceEvents,
  userLevels,
} from '../db/schema';
import type { Actor } from '../core/audit';
import { post } from '../modules/ledger/service';
import { openRefund } from '../modules/afterSales/refunds';
import { createWithdrawal, settleCommission } from '../modules/finance/service';

const SYSTEM: Actor = { id: null, name: 'demo', ip: '' };
const DAY = 24 * 3600_000;

const COUNTRIES = [
  ['FR', 'Île-de-France', 'Paris', '12 Rue de Rivoli', '75001'],
  ['BR', 'São Paulo', 'São Paulo', 'Av. Paulista 1000', '01310-100'],
  ['FR', 'Auvergne-Rhône-Alpes', 'Lyon', '3 Place Bellecour', '69002'],
  ['KR', 'Seoul', 'Seoul', '45 Teheran-ro', '06164'],
  ['IT', 'Lazio', 'Roma', 'Via del Corso 101', '00186'],
  ['DE', 'Berlin', 'Berlin', 'Friedrichstraße 43', '10117'],
  ['US', 'CA', 'San Jose', '200 Market St', '95113'],
  ['BE', 'Bruxelles', 'Bruxelles', 'Rue Neuve 15', '1000'],
] as const;

/**
 * Demo data of the money-and-people domain: member levels, two agents with domains, tiers, users and terminal
 * settings; member profiles, addresses and logins; balances built only from ledger rows (recharges, payments,
 * an adjustment); commission settled from the agents' members' paid orders; a withdrawal awaiting review; a
 * refund and a return awaiting review.
 */
export async function seedMoneyPeopleDemo(db: Db, now: Date): Promise<void> {
  const t = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const levels = await db
    .insert(userLevels)
    .values([
      { name: '普通会员', discountBp: 10000, threshold: 0, sort: 0, createdAt: now, updatedAt: now },
      { name: '银卡会员', discountBp: 9800, threshold: 100_000, sort: 1, createdAt: now, updatedAt: now },
      { name: '金卡会员', discountBp: 9500, threshold: 500_000, sort: 2, createdAt: now, updatedAt: now },
    ])
    .returning({ id: userLevels.id });

  const agentRows = await db
    .insert(agents)
    .values([
      {
        agentName: 'Nordic Haul',
        contactName: 'Ingrid Berg',
        email: 'ops@nordichaul.example',
        phone: '+46 8 123 456',
        rebateBp: 300,
        withdrawalAccount: { method: 'bank', accountName: 'Nordic Haul AB', accountNo: '6222020200112233', bankName: 'ICBC Stockholm' },
        appConfig: { siteName: 'Nordic Haul', themeColor: '#1f6feb', supportEmail: 'help@nordichaul.example', currency: 'EUR' },
        createdAt: t(90),
        updatedAt: t(90),
      },
      {
        agentName: 'Maple Forwarding',
        contactName: 'Luc Tremblay',
        email: 'hello@maplefwd.example',
        phone: '+1 514 555 0101',
        rebateBp: 200,
        withdrawalAccount: { method: 'paypal', accountName: 'Maple Forwarding Inc.', accountNo: 'pay@maplefwd.example', bankName: '' },
        appConfig: { siteName: 'Maple Forwarding', themeColor: '#c0392b', currency: 'CAD' },
        createdAt: t(60),
        updatedAt: t(60),
      },
    ])
    .returning({ id: agents.id });
  const [nordic, maple] = agentRows.map((a) => a.id);
  await db.insert(mainDomains).values([
    { agentId: nordic, domain: 'shop.nordichaul.example', createdAt: now, updatedAt: now },
    { agentId: maple, domain: 'buy.maplefwd.example', createdAt: now, updatedAt: now },
    { agentId: null, domain: 'www.waystation.example', remark: '平台主站', createdAt: now, updatedAt: now },
  ]);
  await db.insert(profitConfs).values([
    { agentId: null, name: '平台默认', minAmount: 0, rateBp: 200, createdAt: now, updatedAt: now },
    { agentId: nordic, name: '大额订单', minAmount: 50_000, rateBp: 500, createdAt: now, updatedAt: now },
  ]);
  await db.insert(agentUsers).values([
    { agentId: nordic, username: 'nordic.ingrid', name: 'Ingrid Berg', email: 'ingrid@nordichaul.example', createdAt: now, updatedAt: now },
    { agentId: nordic, username: 'nordic.olaf', name: 'Olaf Lund', email: 'olaf@nordichaul.example', createdAt: now, updatedAt: now },
    { agentId: maple, username: 'maple.luc', name: 'Luc Tremblay', email: 'luc@maplefwd.example', createdAt: now, updatedAt: now },
  ]);
  await db.insert(agentTerminalItems).values([
    { section: 'botManage', name: 'Discord 订单通知', value: { platform: 'discord', channel: '#orders', token: '' }, createdAt: now, updatedAt: now },
    { section: 'serverManage', name: 'EU-Frankfurt', value: { host: 'eu1.agents.waystation.example', region: 'eu-central' }, createdAt: now, updatedAt: now },
    {
      section: 'serverManage',
      name: 'US-Virginia',
      value: { host: 'us1.agents.waystation.example', region: 'us-east' },
      sort: 1,
      createdAt: now,
      updatedAt: now,
    },
    { section: 'vipManage', name: '新会员默认等级', value: { level: '普通会员', allowRegister: 'yes' }, createdAt: now, updatedAt: now },
    { section: 'share', name: '邀请返利', value: { title: '邀请好友得佣金', rate: '1%' }, createdAt: now, updatedAt: now },
  ]);

  // Members: profiles (level, agent), an address and logins each.
  const demo = await db
    .select()
    .from(members)
    .where(
      inArray(
        members.userCode,
        COUNTRIES.map((_, i) => `U${100001 + i}`),
      ),
    )
    .orderBy(asc(members.id));
  for (const [i, m] of demo.entries()) {
    const [country, province, city, address, postcode] = COUNTRIES[i % COUNTRIES.length];
    const agentId = m.loginSource === 'agent_id' ? nordic : i === 6 ? maple : null;
    await db.insert(memberProfiles).values({
      memberId: m.id,
      levelId: levels[i % 3].id,
      agentId,
      phone: `+00 ${600000 + i}`,
      country,
      kycStatus: ['passed', 'none', 'pending', 'passed'][i % 4],
      kycName: i % 4 === 1 ? '' : m.name,
      lastLoginAt: t(i),
      updatedAt: now,
    });
    await db.insert(memberAddresses).values({
      memberId: m.id,
      receiver: m.name,
      phone: `+00 ${600000 + i}`,
      country,
      province,
      city,
      address,
      postcode,
      isDefault: true,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insert(memberLogins)
      .values(
        [0, 1, 3].map((d) => ({ memberId: m.id, ip: `203.0.113.${10 + i}`, userAgent: 'Mozilla/5.0 (demo)', source: m.loginSource, createdAt: t(i + d) })),
      );
    // Balance only through the ledger: a recharge, a payment for most, an adjustment for one.
    await db.transaction(async (tx) => {
      const recharge = 50_000 + i * 12_500;
      await post(
        tx,
        {
          ownerType: 'member',
          ownerId: m.id,
          kind: 'balance',
          currency: 'CNY',
          amount: recharge,
          type: 'recharge',
          refType: 'recharge',
          refId: `R${m.id}`,
          remark: 'PayPal 充值',
        },
        t(20 - i),
      );
      if (i % 3 !== 2)
        await post(
          tx,
          {
            ownerType: 'member',
            ownerId: m.id,
            kind: 'balance',
            currency: 'CNY',
            amount: -Math.floor(recharge / 3),
            type: 'payment',
            refType: 'shop_order',
            refId: `demo-${m.id}`,
            remark: '订单支付',
          },
          t(10 - i / 2),
        );
      if (i === 1)
        await post(
          tx,
          {
            ownerType: 'member',
            ownerId: m.id,
            kind: 'balance',
            currency: 'CNY',
            amount: 1_000,
            type: 'adjustment',
            refType: 'manual',
            remark: '物流延误补偿',
            operator: { id: null, name: '财务小陈', ip: '' },
          },
          t(2),
        );
      if (i === 3)
        await post(
          tx,
          { ownerType: 'member', ownerId: m.id, kind: 'commission', currency: 'CNY', amount: 2_350, type: 'commission', refType: 'invite', remark: '邀请返佣' },
          t(5),
        );
    });
  }

  // Commission from the agents' members' paid orders, then one withdrawal awaiting review.
  await settleCommission(db, SYSTEM, now);
  await db.transaction((tx) =>
    post(
      tx,
      {
        ownerType: 'agent',
        ownerId: nordic,
        kind: 'commission',
        currency: 'CNY',
        amount: 88_000,
        type: 'commission',
        refType: 'monthly',
        refId: 'demo-2026-10',
        remark: '10月返佣结算',
      },
      t(20),
    ),
  );
  await createWithdrawal(db, SYSTEM, { agentId: nordic, amount: '500', remark: '10月佣金提现', requestId: 'demo-withdrawal-nordic-1' }, t(3));

  // After-sales: a lost parcel refund and a return, both awaiting review.
  const [alice, bruno] = demo;
  if (alice && bruno) {
    await db.transaction((tx) =>
      openRefund(
        tx,
        SYSTEM,
        {
          memberId: alice.id,
          sourceType: 'manual',
          sourceId: 'demo-lost-1',
          sourceNo: 'PKG-DEMO-LOST',
          reason: 'refunded_lost_goods',
          amount: 12_800,
          currency: 'CNY',
          description: '国内段快递丢件，卖家已确认',
        },
        t(1),
      ),
    );
    const [order] = await db
      .insert(shopOrders)
      .values({ orderNo: `SO-RT-${now.getTime()}`, memberId: bruno.id, status: 'paid', paidAmount: 21_800, payTime: t(15), createdAt: t(15), updatedAt: t(2) })
      .returning({ id: shopOrders.id });
    const [line] = await db
      .insert(purchaseOrders)
      .values({
        purchaseNo: `PO-RT-${now.getTime()}`,
        orderId: order.id,
        memberId: bruno.id,
        status: 'return_checking',
        mallType: 'TB',
        title: '汉服 改良日常款',
        props: [{ name: '颜色:藕粉' }, { name: '尺码:M' }],
        quantity: 1,
        unitPrice: 21_800,
        paidAmount: 21_800,
        payTime: t(15),
        createdAt: t(15),
        updatedAt: t(2),
      })
      .returning({ id: purchaseOrders.id, purchaseNo: purchaseOrders.purchaseNo });
    await db.insert(traceEvents).values({
      purchaseId: line.id,
      type: 'refund',
      event: 'return_apply',
      fromStatus: 'shelved',
      toStatus: 'return_checking',
      actorName: bruno.name,
      note: '尺码偏小',
      createdAt: t(2),
    });
    await db.insert(returnRequests).values({
      returnNo: `RT${now.toISOString().slice(0, 10).replace(/-/g, '')}000001`,
      memberId: bruno.id,
      purchaseOrderId: String(line.id),
      purchaseOrderNo: line.purchaseNo,
      goodsTitle: '汉服 改良日常款',
      amount: 21_800,
      currency: 'CNY',
      reason: '尺码偏小，未穿着，吊牌完好',
      status: 'return_checking',
      createdAt: t(2),
      updatedAt: t(2),
    });
  }
}
