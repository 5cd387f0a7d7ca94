import { BADGE_KEYS } from '@waystation/shared/menu/types';
import { QUEUE_SLA_HOURS, slaParamKey } from '@waystation/shared/contract/badge';
import type { Db } from '../db';
import { renderMarkdown } from '@waystation/shared/help/markdown';
import {
  agreements,
  agreementVersions,
  appVersions,
  faqs,
  helpArticles,
  helpCategories,
  notifyChannels,
  paymentChannels,
  paymentRules,
  tipsConfigs,
  channelAreaCountries,
  channelAreas,
  channelAttrs,
  countries,
  currencies,
  forwarders,
  params,
  provinces,
  regions,
  shipChannels,
} from '../db/schema';

const REGIONS = [
  ['ASIA', '亚洲', 'Asia'],
  ['EUROPE', '欧洲', 'Europe'],
  ['NORTH_AMERICA', '北美洲', 'North America'],
  ['OCEANIA', '大洋洲', 'Oceania'],
  ['SOUTH_AMERICA', '南美洲', 'South America'],
] as const;

const COUNTRIES: [string, string, string, (typeof REGIONS)[number][0]][] = [
  ['US', '美国', 'United States', 'NORTH_AMERICA'],
  ['CA', '加拿大', 'Canada', 'NORTH_AMERICA'],
  ['MX', '墨西哥', 'Mexico', 'NORTH_AMERICA'],
  ['GB', '英国', 'United Kingdom', 'EUROPE'],
  ['DE', '德国', 'Germany', 'EUROPE'],
  ['FR', '法国', 'France', 'EUROPE'],
  ['IT', '意大利', 'Italy', 'EUROPE'],
  ['ES', '西班牙', 'Spain', 'EUROPE'],
  ['NL', '荷兰', 'Netherlands', 'EUROPE'],
  ['PL', '波兰', 'Poland', 'EUROPE'],
  ['SE', '瑞典', 'Sweden', 'EUROPE'],
  ['AU', '澳大利亚', 'Australia', 'OCEANIA'],
  ['NZ', '新西兰', 'New Zealand', 'OCEANIA'],
  ['JP', '日本', 'Japan', 'ASIA'],
  ['KR', '韩国', 'South Korea', 'ASIA'],
  ['SG', '新加坡', 'Singapore', 'ASIA'],
  ['MY', '马来西亚', 'Malaysia', 'ASIA'],
  ['BR', '巴西', 'Brazil', 'SOUTH_AMERICA'],
  ['CL', '智利', 'Chile', 'SOUTH_AMERICA'],
];

const CURRENCIES = [
  ['CNY', '人民币', 'Chinese Yuan', '¥', 2, '1'],
  ['USD', '美元', 'US Dollar', '$', 2, '7.18'],
  ['EUR', '欧元', 'Euro', '€', 2, '7.82'],
  ['GBP', '英镑', 'Pound Sterling', '£', 2, '9.12'],
  ['AUD', '澳元', 'Australian Dollar', 'A$', 2, '4.71'],
  ['CAD', '加元', 'Canadian Dollar', 'C$', 2, '5.24'],
  ['JPY', '日元', 'Japanese Yen', '¥', 0, '0.0478'],
] as const;

type Zone = {
  name: string;
  countries: string[];
  first: number;
  firstPrice: number;
  cont: number;
  contPrice: number;
  divisor: number;
  min?: number;
  max: number;
  side: number;
  fuelBp?: number;
  fee?: number;
  days?: [number, number];
};

const CHANNELS: { code: string; name: string; nameEn: string; forwarder: string; days: [number, number]; attrs: [string, number][]; zones: Zone[] }[] = [
  {
    code: 'EMS',
    name: 'EMS 国际特快',
    nameEn: 'EMS',
    forwarder: 'CHINAPOST',
    days: [7, 15],
    attrs: [
      ['brand', 0],
      ['cosmetics', 1000],
      ['food', 0],
    ],
    zones: [
      {
        name: '亚洲',
        countries: ['JP', 'KR', 'SG', 'MY'],
        first: 500,
        firstPrice: 9000,
        cont: 500,
        contPrice: 2500,
        divisor: 8000,
        max: 30000,
        side: 1500,
        days: [5, 10],
      },
      {
        name: '欧美澳',
        countries: ['US', 'CA', 'GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'AU', 'NZ'],
        first: 500,
        firstPrice: 16000,
        cont: 500,
        contPrice: 4500,
        divisor: 8000,
        max: 30000,
        side: 1500,
      },
    ],
  },
  {
    code: 'DHL',
    name: 'DHL 快递',
    nameEn: 'DHL Express',
    forwarder: 'DHL',
    days: [3, 7],
    attrs: [
      ['brand', 0],
      ['battery', 3000],
      ['cosmetics', 0],
      ['magnetic', 0],
    ],
    zones: [
      {
        name: '北美',
        countries: ['US', 'CA', 'MX'],
        first: 500,
        firstPrice: 22000,
        cont: 500,
        contPrice: 6000,
        divisor: 5000,
        max: 70000,
        side: 1200,
        fuelBp: 1850,
        fee: 1500,
      },
      {
        name: '欧洲',
        countries: ['GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'SE'],
        first: 500,
        firstPrice: 24000,
        cont: 500,
        contPrice: 6500,
        divisor: 5000,
        max: 70000,
        side: 1200,
        fuelBp: 1850,
        fee: 1500,
      },
      {
        name: '大洋洲及亚洲',
        countries: ['AU', 'NZ', 'JP', 'KR', 'SG', 'MY'],
        first: 500,
        firstPrice: 18000,
        cont: 500,
        contPrice: 4800,
        divisor: 5000,
        max: 70000,
        side: 1200,
        fuelBp: 1850,
        fee: 1500,
      },
      {
        name: '南美',
        countries: ['BR', 'CL'],
        first: 500,
        firstPrice: 32000,
        cont: 500,
        contPrice: 9000,
        divisor: 5000,
        max: 70000,
        side: 1200,
        fuelBp: 1850,
        fee: 1500,
        days: [5, 10],
      },
    ],
  },
  {
    code: 'ECO-AIR',
    name: '经济空运专线',
    nameEn: 'Economy air line',
    forwarder: 'YUNEXP',
    days: [12, 25],
    attrs: [
      ['brand', 0],
      ['cosmetics', 500],
      ['powder', 800],
      ['liquid', 800],
    ],
    zones: [
      { name: '美国', countries: ['US'], first: 100, firstPrice: 2800, cont: 100, contPrice: 780, divisor: 6000, min: 100, max: 20000, side: 1000, fee: 1200 },
      {
        name: '欧洲',
        countries: ['GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'PL', 'SE'],
        first: 100,
        firstPrice: 3200,
        cont: 100,
        contPrice: 850,
        divisor: 6000,
        min: 100,
        max: 20000,
        side: 1000,
        fee: 1200,
      },
      {
        name: '澳新',
        countries: ['AU', 'NZ'],
        first: 100,
        firstPrice: 2600,
        cont: 100,
        contPrice: 700,
        divisor: 6000,
        min: 100,
        max: 20000,
        side: 1000,
        fee: 1200,
      },
    ],
  },
  {
    code: 'SEA-EU',
    name: '欧洲海运（慢）',
    nameEn: 'Sea freight Europe',
    forwarder: 'YUNEXP',
    days: [35, 60],
    attrs: [
      ['brand', 0],
      ['cosmetics', 0],
      ['food', 0],
      ['liquid', 0],
      ['powder', 0],
      ['magnetic', 0],
    ],
    zones: [
      {
        name: '西欧',
        countries: ['GB', 'DE', 'FR', 'IT', 'ES', 'NL'],
        first: 5000,
        firstPrice: 15000,
        cont: 1000,
        contPrice: 1800,
        divisor: 0,
        min: 3000,
        max: 100000,
        side: 2000,
        fee: 3000,
      },
    ],
  },
];

/** Demo reference data and logistics: regions, countries, currencies, forwarders, channels with zones, provinces, params. */
export async function seedConfigContentDemo(db: Db, now: Date): Promise<void> {
  const stamp = { createdAt: now, updatedAt: now };
  const regionRows = await db
    .insert(regions)
    .values(REGIONS.map(([code, nameZh, nameEn], i) => ({ code, nameZh, nameEn, sort: i, ...stamp })))
    .onConflictDoNothing()
    .returning();
  const regionId = (code: string) => regionRows.find((r) => r.code === code)?.id ?? null;
  await db
    .insert(countries)
    .values(COUNTRIES.map(([code, nameZh, nameEn, region], i) => ({ code, nameZh, nameEn, regionId: regionId(region), sort: i, ...stamp })))
    .onConflictDoNothing();
  await db
    .insert(currencies)
    .values(CURRENCIES.map(([code, nameZh, nameEn, symbol, minorDigits, rate], i) => ({ code, nameZh, nameEn, symbol, minorDigits, rate, sort: i, ...stamp })))
    .onConflictDoNothing();
  const fw = await db
    .insert(forwarders)
    .values([
      {
        code: 'CHINAPOST',
        name: '中国邮政',
        website: 'https://www.ems.com.cn',
        trackingUrl: 'https://www.ems.com.cn/queryList?mailNum={trackingNo}',
        ...stamp,
      },
      {
        code: 'DHL',
        name: 'DHL 中国',
        website: 'https://www.dhl.com',
        trackingUrl: 'https://www.dhl.com/cn-zh/home/tracking.html?tracking-id={trackingNo}',
        ...stamp,
      },
      {
        code: 'YUNEXP',
        name: '云途物流',
        contactName: '王经理',
        phone: '0755-88888888',
        website: 'https://www.yunexpress.com',
        // The demo carrier (演示承运商, no key, calls nobody): weighing a package of ECO-AIR or SEA-EU books with it.
        carrier: 'sandbox',
        credentials: {
          service: '',
          sender: {
            name: 'Waystation 演示仓',
            company: 'Waystation Demo Warehouse',
            street1: '宝安区福永街道凤凰路 88 号',
            street2: '3 号仓',
            city: 'Shenzhen',
            state: 'Guangdong',
            zip: '518103',
            country: 'CN',
            phone: '0755-88888888',
          },
        },
        ...stamp,
      },
    ])
    .onConflictDoNothing()
    .returning();
  for (const [i, ch] of CHANNELS.entries()) {
    const [row] = await db
      .insert(shipChannels)
      .values({
        code: ch.code,
        name: ch.name,
        nameEn: ch.nameEn,
        forwarderId: fw.find((f) => f.code === ch.forwarder)?.id ?? null,
        deliveryMinDays: ch.days[0],
        deliveryMaxDays: ch.days[1],
        sort: i,
        ...stamp,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    await db.insert(channelAttrs).values(ch.attrs.map(([attr, surcharge]) => ({ channelId: row.id, attr, allowed: true, surcharge })));
    for (const [j, z] of ch.zones.entries()) {
      const [area] = await db
        .insert(channelAreas)
        .values({
          channelId: row.id,
          name: z.name,
          firstWeightG: z.first,
          firstPrice: z.firstPrice,
          continuedWeightG: z.cont,
          continuedPrice: z.contPrice,
          volumetricDivisor: z.divisor,
          minWeightG: z.min ?? 0,
          maxWeightG: z.max,
          maxSideMm: z.side,
          fuelSurchargeBp: z.fuelBp ?? 0,
          handlingFee: z.fee ?? 0,
          deliveryMinDays: z.days?.[0] ?? null,
          deliveryMaxDays: z.days?.[1] ?? null,
          sort: j,
          ...stamp,
        })
        .returning();
      await db.insert(channelAreaCountries).values(z.countries.map((countryCode) => ({ areaId: area.id, channelId: row.id, countryCode })));
    }
  }
  await db
    .insert(provinces)
    .values(
      [
        ['US', 'CA', '加利福尼亚州', 'California', 0],
        ['US', 'NY', '纽约州', 'New York', 0],
        ['US', 'AK', '阿拉斯加州', 'Alaska', 5000],
        ['US', 'HI', '夏威夷州', 'Hawaii', 5000],
        ['AU', 'NSW', '新南威尔士州', 'New South Wales', 0],
        ['AU', 'TAS', '塔斯马尼亚州', 'Tasmania', 2000],
        ['CA', 'ON', '安大略省', 'Ontario', 0],
        ['CA', 'YT', '育空地区', 'Yukon', 6000],
      ].map(([countryCode, code, nameZh, nameEn, remoteFee], i) => ({
        countryCode: countryCode as string,
        code: code as string,
        nameZh: nameZh as string,
        nameEn: nameEn as string,
        remoteFee: remoteFee as number,
        sort: i,
        ...stamp,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(params)
    .values([
      // Three days: the demo's unpaid orders (placed hours before the seed) stay on 待支付订单 for a newcomer to try.
      { paramKey: 'order.autoCancelMinutes', paramValue: '4320', name: '未支付订单自动取消（分钟）', ...stamp },
      { paramKey: 'warehouse.freeStorageDays', paramValue: '90', name: '免费仓储天数', ...stamp },
      { paramKey: 'warehouse.storageFeePerDay', paramValue: '100', name: '超期仓储费（分/件/天）', remark: '超过免费天数后每件商品每天收取', ...stamp },
      { paramKey: 'package.maxItems', paramValue: '50', name: '单个包裹最多商品数', ...stamp },
      { paramKey: 'service.feePercent', paramValue: '5', name: '代购服务费（%）', remark: '按商品金额收取', ...stamp },
      // The work queues' promises (the dashboard's timers), in hours; the code's defaults when a row is absent.
      ...BADGE_KEYS.map((key) => ({
        paramKey: slaParamKey(key),
        paramValue: String(QUEUE_SLA_HOURS[key]),
        name: `时限：${QUEUE_SLA_NAMES[key]}（小时）`,
        ...stamp,
      })),
    ])
    .onConflictDoNothing();
  await seedTextsDemo(db, now);
  await seedHelpDemo(db, now);
  await seedPaymentDemo(db, now);
  await db.insert(notifyChannels).values([
    {
      type: 'site',
      name: '站内信',
      events: ['purchased', 'arrived', 'price_patch', 'package_shipped', 'freight_patch', 'refund_done', 'qc_problem', 'pretrial_failed'],
      createdAt: now,
      updatedAt: now,
    },
    {
      type: 'email',
      name: '会员邮件',
      config: { host: 'smtp.example.com', port: 587, secure: false, username: '', password: '', from: 'noreply@example.com' },
      events: ['package_shipped', 'refund_done'],
      status: 'disabled',
      createdAt: now,
      updatedAt: now,
    },
  ]);
}

const TIPS: [number, string, string, Record<string, string>][] = [
  [
    1,
    'RechargeTip',
    '充值到账通常需要1~5分钟，如超过30分钟未到账请联系客服。',
    { en: 'Top-ups usually arrive within 1–5 minutes; contact support if it takes longer than 30 minutes.' },
  ],
  [
    1,
    'calculatorHelp',
    '运费按实际重量与体积重量（长×宽×高÷体积系数）中较大者计算，首重之后按续重阶梯计费。',
    { en: 'Freight is charged on the greater of actual and volumetric weight (L×W×H ÷ divisor), first weight then continued steps.' },
  ],
  [1, 'paySecurityTip', '请勿向任何人透露支付密码，平台工作人员不会索要您的密码。', {}],
  [
    1,
    'PackPriceTip',
    '包裹运费以打包称重后的实际重量为准，如有差额将通知您补款或退款。',
    { en: 'The final freight is based on the packed weight; any difference is topped up or refunded.' },
  ],
  [1, 'homeDialog', '春节期间（2月8日—2月17日）仓库暂停发货，请提前安排。', {}],
  [1, 'insuranceTip', '建议为高价值包裹购买运输保险，保费为申报价值的3%。', {}],
  [2, 'shareTitle', '一起来代购，全球直邮', {}],
  [2, 'shareText', '通过我的专属链接注册，首单运费立减20元。', {}],
];

async function seedTextsDemo(db: Db, now: Date): Promise<void> {
  const stamp = { createdAt: now, updatedAt: now };
  await db
    .insert(tipsConfigs)
    .values(TIPS.map(([appId, tipsKey, tipsText, translations]) => ({ appId, tipsKey, tipsText, translations, updatedBy: 'demo', ...stamp })))
    .onConflictDoNothing();
  await db.insert(faqs).values([
    { category: '运费', question: '运费是怎么计算的？', answer: '按计费重量（实际重量与体积重量取大）计算，首重加续重。', sort: 1, ...stamp },
    { category: '运费', question: '包裹多久能到？', answer: '取决于所选渠道：快递3~7天，经济专线12~25天，海运35~60天。', sort: 2, ...stamp },
    { category: '订单', question: '商品到仓后可以免费存放多久？', answer: '90天内免费仓储。', sort: 3, ...stamp },
  ]);
  const [purchase] = await db
    .insert(agreements)
    .values({ code: 'purchaseAgreement', title: '代购服务协议', appId: 1, currentVersion: 1, ...stamp })
    .onConflictDoNothing()
    .returning();
  if (purchase) {
    await db.insert(agreementVersions).values({
      agreementId: purchase.id,
      version: 1,
      publishedBy: 'demo',
      createdAt: now,
      content: '# 代购服务协议\n\n1. 平台代您在中国电商平台购买商品。\n2. 商品到仓后提供拍照质检。\n3. 违禁品不予代购。',
    });
  }
  await db
    .insert(appVersions)
    .values([
      {
        platform: 'android',
        version: '2.3.0',
        versionCode: 2003000,
        releaseNotes: '新增运费计算器',
        downloadUrl: 'https://downloads.example.com/waystation-2.3.0.apk',
        ...stamp,
      },
      { platform: 'ios', version: '2.3.0', versionCode: 2003000, releaseNotes: '新增运费计算器', ...stamp },
    ])
    .onConflictDoNothing();
}

const HELP: [string, [string, string][]][] = [
  [
    '新手入门',
    [
      [
        '什么是代购集运？',
        '## 代购集运\n\n我们替您在 **淘宝、1688、京东** 等平台购买商品，到仓后合并打包，再通过国际物流寄到您手中。\n\n1. 提交商品链接并付款\n2. 我们采购并质检拍照\n3. 您选择商品提交打包\n4. 支付国际运费后发货',
      ],
      ['如何提交订单？', '## 提交订单\n\n- 复制商品链接粘贴到搜索框\n- 选择规格与数量\n- 确认后支付商品款\n\n> 提示：价格变动时我们会通知您补差价或退差价。'],
    ],
  ],
  [
    '运费与物流',
    [
      [
        '运费如何计算？',
        '## 运费计算\n\n运费按 **计费重量** 计算：实际重量与体积重量取较大者。\n\n体积重量 = 长×宽×高（cm）÷ 体积系数\n\n首重之后每个续重阶梯按续重价格计费，部分渠道另收燃油附加费。',
      ],
      ['哪些物品不能寄？', '## 禁运物品\n\n- 纯电池、充电宝（部分渠道可寄带电商品）\n- 易燃易爆品\n- 刀具（需专线）\n\n请在提交打包时如实选择商品属性。'],
    ],
  ],
];

async function seedHelpDemo(db: Db, now: Date): Promise<void> {
  const stamp = { createdAt: now, updatedAt: now };
  for (const [i, [name, articles]] of HELP.entries()) {
    const [cat] = await db
      .insert(helpCategories)
      .values({ name, sort: i, ...stamp })
      .returning();
    await db.insert(helpArticles).values(
      articles.map(([title, content], j) => ({
        categoryId: cat.id,
        title,
        content,
        contentHtml: renderMarkdown(content),
        status: 'published',
        sort: j,
        publishedAt: now,
        authorName: 'demo',
        ...stamp,
      })),
    );
  }
}

async function seedPaymentDemo(db: Db, now: Date): Promise<void> {
  const stamp = { createdAt: now, updatedAt: now };
  const rows = await db
    .insert(paymentChannels)
    .values([
      {
        name: 'PayPal',
        providerType: 'paypal',
        currencies: ['USD', 'EUR', 'GBP', 'AUD', 'CAD'],
        feeBp: 440,
        fixedFee: 30,
        currency: 'USD',
        minAmount: 100,
        maxAmount: 1_000_000,
        sort: 1,
        ...stamp,
      },
      { name: '信用卡 (Visa/Master)', providerType: 'card', currencies: ['USD', 'EUR', 'GBP'], feeBp: 300, currency: 'USD', minAmount: 500, sort: 2, ...stamp },
      { name: 'USDT (TRC20)', providerType: 'usdt', currencies: ['USD'], fixedFee: 100, currency: 'USD', minAmount: 1000, sort: 3, ...stamp },
      { name: '支付宝', providerType: 'alipay', currencies: ['CNY'], feeBp: 60, currency: 'CNY', countries: [], sort: 4, ...stamp },
      { name: '余额支付', providerType: 'balance', currencies: ['USD', 'EUR', 'GBP', 'CNY', 'AUD', 'CAD'], currency: 'USD', sort: 0, ...stamp },
    ])
    .returning({ id: paymentChannels.id, type: paymentChannels.providerType });
  const id = (type: string) => rows.find((r) => r.type === type)!.id;
  await db.insert(paymentRules).values([
    { name: '美元充值', scenario: 'recharge', currency: 'USD', channelIds: [id('paypal'), id('card'), id('usdt')], priority: 10, ...stamp },
    { name: '美元订单支付', scenario: 'order_pay', currency: 'USD', channelIds: [id('balance'), id('paypal'), id('card')], priority: 10, ...stamp },
    {
      name: '美元包裹支付',
      scenario: 'package_pay',
      currency: 'USD',
      channelIds: [id('balance'), id('paypal'), id('card'), id('usdt')],
      priority: 10,
      ...stamp,
    },
    { name: '补款（仅余额与PayPal）', scenario: 'patch_pay', currency: 'USD', channelIds: [id('balance'), id('paypal')], priority: 10, ...stamp },
  ]);
}

const QUEUE_SLA_NAMES: Record<(typeof BADGE_KEYS)[number], string> = {
  purchase_wait: '付款后采购',
  purchase_hold: '挂起后处理',
  pack_wait_audit: '提交打包后预审',
  remove_wait: '付运费后打包',
  return_wait: '退货申请审核',
  pack_exception: '异常包裹处理',
  sort_wait: '贴单后分拣',
};
