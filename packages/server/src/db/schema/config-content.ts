import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });
const stamps = () => ({ createdAt: ts('created_at').notNull(), updatedAt: ts('updated_at').notNull() });

// ---------------------------------------------------------------- reference data

/** Currencies members pay and see prices in; rate = how many CNY one unit is worth (decimal text). */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  symbol: text('symbol').notNull().default(''),
  /** Digits of the minor unit (2 for USD, 0 for JPY). */
  minorDigits: integer('minor_digits').notNull().default(2),
  rate: text('rate').notNull(),
  status: text('status').notNull().default('activity'),
  sort: integer('sort').notNull().default(0),
  ...stamps(),
});

/** Geographic regions that group countries (Europe, North America …). */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    status: text('status').notNull().default('activity'),
    sort: integer('sort').notNull().default(0),
    ...stamps(),
  },
  (t) => [uniqueIndex('regions_code_key').on(t.code)],
);

/** Destination countries, by ISO 3166-1 alpha-2 code. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  regionId: integer('region_id'),
  status: text('status').notNull().default('activity'),
  sort: integer('sort').notNull().default(0),
  ...stamps(),
});

/** Provinces / states of a country (for addresses and remote-area surcharges). */
export const provinces = pgTable(
  'provinces',
  {
    id: serial('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** Extra freight for parcels to this province, in CNY fen (converted to each channel's currency when quoting). */
    remoteFee: money('remote_fee').notNull().default(0),
    status: text('status').notNull().default('activity'),
    sort: integer('sort').notNull().default(0),
    ...stamps(),
  },
  (t) => [uniqueIndex('provinces_country_code_key').on(t.countryCode, t.code)],
);

/** System parameters (param/*): key → value text. */
export const params = pgTable(
  'params',
  {
    id: serial('id').primaryKey(),
    paramKey: text('param_key').notNull(),
    paramValue: text('param_value').notNull(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status').notNull().default('activity'),
    ...stamps(),
  },
  (t) => [uniqueIndex('params_key_key').on(t.paramKey)],
);

/** Released app versions per platform. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    version: text('version').notNull(),
    /** Comparable number from the dotted version (major·10⁶ + minor·10³ + patch). */
    versionCode: integer('version_code').notNull(),
    forceUpdate: boolean('force_update').notNull().default(false),
    downloadUrl: text('download_url').notNull().default(''),
    releaseNotes: text('release_notes').notNull().default(''),
    status: text('status').notNull().default('activity'),
    ...stamps(),
  },
  (t) => [uniqueIndex('app_versions_platform_version_key').on(t.platform, t.version)],
);

/** Free-form configuration data saved in batches (batchSaveConfigData), grouped. */
export const configData = pgTable(
  'config_data',
  {
    groupKey: text('group_key').notNull(),
    dataKey: text('data_key').notNull(),
    value: jsonb('value').notNull(),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.groupKey, t.dataKey] })],
);

// ---------------------------------------------------------------- terminal texts

/** Config text entries (SPEC §3 tips) per terminal: appId 1 member, 2 agent. */
export const tipsConfigs = pgTable(
  'tips_configs',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').notNull(),
    tipsKey: text('tips_key').notNull(),
    tipsText: text('tips_text').notNull().default(''),
    images: jsonb('images').notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('activity'),
    needTrans: boolean('need_trans').notNull().default(true),
    /** language → translated text. */
    translations: jsonb('translations').notNull().default(sql`'{}'::jsonb`),
    updatedBy: text('updated_by').notNull().default(''),
    ...stamps(),
  },
  (t) => [uniqueIndex('tips_configs_app_key').on(t.appId, t.tipsKey)],
);

/** Member-site FAQ entries. */
export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull().default(''),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    translations: jsonb('translations').notNull().default(sql`'{}'::jsonb`),
    sort: integer('sort').notNull().default(0),
    status: text('status').notNull().default('activity'),
    ...stamps(),
  },
  (t) => [index('faqs_sort_idx').on(t.sort, t.id)],
);

/** Agreements (purchase agreement, privacy …); each content change is a new version members may have to accept. */
export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    appId: integer('app_id').notNull().default(1),
    /** Members must accept a newly published version before going on. */
    requireAccept: boolean('require_accept').notNull().default(true),
    currentVersion: integer('current_version').notNull().default(0),
    status: text('status').notNull().default('activity'),
    sort: integer('sort').notNull().default(0),
    ...stamps(),
  },
  (t) => [uniqueIndex('agreements_code_key').on(t.appId, t.code)],
);

export const agreementVersions = pgTable(
  'agreement_versions',
  {
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    content: text('content').notNull(),
    changeNote: text('change_note').notNull().default(''),
    publishedBy: text('published_by').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.version] })],
);

// ---------------------------------------------------------------- help centre

export const helpCategories = pgTable(
  'help_categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: text('status').notNull().default('activity'),
    ...stamps(),
  },
  (t) => [index('help_categories_parent_idx').on(t.parentId, t.sort)],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    /** Markdown source; the sanitized HTML is rendered from it on save. */
    content: text('content').notNull(),
    contentHtml: text('content_html').notNull(),
    status: text('status').notNull().default('draft'),
    sort: integer('sort').notNull().default(0),
    publishedAt: ts('published_at'),
    authorName: text('author_name').notNull().default(''),
    ...stamps(),
  },
  (t) => [index('help_articles_category_idx').on(t.categoryId, t.sort, t.id)],
);

// ---------------------------------------------------------------- logistics

export const forwarders = pgTable(
  'forwarders',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    trackingUrl: text('tracking_url').notNull().default(''),
    status: text('status').notNull().default('activity'),
    remark: text('remark').notNull().default(''),
    /** The carrier whose API books this forwarder's shipments at packing ('' = none: our own label prints). */
    carrier: text('carrier').notNull().default(''),
    /** The carrier's API address ('' = its official one). */
    apiBase: text('api_base').notNull().default(''),
    /** The carrier account: its key sealed (core/secrets), never returned in full; the sender address and service. */
    credentials: jsonb('credentials').notNull().default(sql`'{}'::jsonb`),
    ...stamps(),
  },
  (t) => [uniqueIndex('forwarders_code_key').on(t.code)],
);

export const shipChannels = pgTable(
  'ship_channels',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    forwarderId: integer('forwarder_id'),
    /** Currency of every price of this channel's zones. */
    currency: text('currency').notNull().default('CNY'),
    deliveryMinDays: integer('delivery_min_days').notNull().default(0),
    deliveryMaxDays: integer('delivery_max_days').notNull().default(0),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('activity'),
    sort: integer('sort').notNull().default(0),
    /** The most a package on this channel may declare (minor units of the channel's currency); 0 = no limit. */
    customsMaxValue: money('customs_max_value').notNull().default(0),
    /** HS code prefixes this channel refuses (e.g. 93 arms, 3604 fireworks). */
    customsForbiddenHs: text('customs_forbidden_hs').array().notNull().default(sql`'{}'::text[]`),
    ...stamps(),
  },
  (t) => [uniqueIndex('ship_channels_code_key').on(t.code)],
);

/** Per channel and item attribute (battery, liquid …): allowed or refused. A missing row means refused. */
export const channelAttrs = pgTable(
  'channel_attrs',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => shipChannels.id, { onDelete: 'cascade' }),
    attr: text('attr').notNull(),
    allowed: boolean('allowed').notNull(),
    /** Extra fee when a parcel holds this attribute (minor units of the channel's currency). */
    surcharge: money('surcharge').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.attr] })],
);

/** A zone of countries of one channel with its own freight rule (all money in the channel's currency). */
export const channelAreas = pgTable(
  'channel_areas',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => shipChannels.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    firstWeightG: integer('first_weight_g').notNull(),
    firstPrice: money('first_price').notNull(),
    continuedWeightG: integer('continued_weight_g').notNull(),
    continuedPrice: money('continued_price').notNull(),
    volumetricDivisor: integer('volumetric_divisor').notNull().default(0),
    minWeightG: integer('min_weight_g').notNull().default(0),
    maxWeightG: integer('max_weight_g').notNull().default(0),
    maxSideMm: integer('max_side_mm').notNull().default(0),
    fuelSurchargeBp: integer('fuel_surcharge_bp').notNull().default(0),
    handlingFee: money('handling_fee').notNull().default(0),
    deliveryMinDays: integer('delivery_min_days'),
    deliveryMaxDays: integer('delivery_max_days'),
    status: text('status').notNull().default('activity'),
    sort: integer('sort').notNull().default(0),
    ...stamps(),
  },
  (t) => [index('channel_areas_channel_idx').on(t.channelId, t.sort)],
);

/** Countries of a zone; a country is in at most one zone per channel. */
export const channelAreaCountries = pgTable(
  'channel_area_countries',
  {
    areaId: integer('area_id')
      .notNull()
      .references(() => channelAreas.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').notNull(),
    countryCode: text('country_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.areaId, t.countryCode] }), uniqueIndex('channel_area_countries_channel_country_key').on(t.channelId, t.countryCode)],
);

// ---------------------------------------------------------------- payment

export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    providerType: text('provider_type').notNull(),
    currencies: jsonb('currencies').notNull().default(sql`'[]'::jsonb`),
    /** Fee: basis points of the amount plus a fixed fee (minor units of `currency`). */
    feeBp: integer('fee_bp').notNull().default(0),
    fixedFee: money('fixed_fee').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    /** Amount limits in minor units of `currency`; 0 = no limit. */
    minAmount: money('min_amount').notNull().default(0),
    maxAmount: money('max_amount').notNull().default(0),
    /** Countries served; empty = every country. */
    countries: jsonb('countries').notNull().default(sql`'[]'::jsonb`),
    logo: text('logo').notNull().default(''),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: text('status').notNull().default('activity'),
    /** The payment provider that takes the money ('' = none: the channel is only listed). */
    gateway: text('gateway').notNull().default(''),
    /** The provider's API address ('' = its official one). */
    apiBase: text('api_base').notNull().default(''),
    /** The provider's keys, each sealed (core/secrets); never returned in full. */
    credentials: jsonb('credentials').notNull().default(sql`'{}'::jsonb`),
    ...stamps(),
  },
  (t) => [index('payment_channels_sort_idx').on(t.sort, t.id)],
);

/** Which channels serve a scenario for which agents, member levels and amounts, in order. */
export const paymentRules = pgTable(
  'payment_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    scenario: text('scenario').notNull(),
    /** Empty = every agent (and members without one). */
    agentIds: jsonb('agent_ids').notNull().default(sql`'[]'::jsonb`),
    /** Empty = every member level. */
    levelIds: jsonb('level_ids').notNull().default(sql`'[]'::jsonb`),
    currency: text('currency').notNull().default('USD'),
    minAmount: money('min_amount').notNull().default(0),
    maxAmount: money('max_amount').notNull().default(0),
    /** Channel ids in the order members see them. */
    channelIds: jsonb('channel_ids').notNull().default(sql`'[]'::jsonb`),
    priority: integer('priority').notNull().default(0),
    status: text('status').notNull().default('activity'),
    remark: text('remark').notNull().default(''),
    ...stamps(),
  },
  (t) => [index('payment_rules_scenario_idx').on(t.scenario, t.priority)],
);

// ---------------------------------------------------------------- notifications

/** Member notification channels; `config` holds secrets the API never returns in full. */
export const notifyChannels = pgTable('notify_channels', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  config: jsonb('config').notNull().default(sql`'{}'::jsonb`),
  events: jsonb('events').notNull().default(sql`'[]'::jsonb`),
  status: text('status').notNull().default('activity'),
  ...stamps(),
});

export const notifyTemplates = pgTable(
  'notify_templates',
  {
    id: serial('id').primaryKey(),
    event: text('event').notNull(),
    channelType: text('channel_type').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status').notNull().default('activity'),
    ...stamps(),
  },
  (t) => [uniqueIndex('notify_templates_event_type_key').on(t.event, t.channelType)],
);

const notifyLogColumns = () => ({
  channelId: integer('channel_id').notNull(),
  channelType: text('channel_type').notNull(),
  event: text('event').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  status: text('status').notNull(),
  error: text('error').notNull().default(''),
  test: boolean('test').notNull().default(false),
  operatorName: text('operator_name').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  /** When the member read a site message (站内信); null: unread. Other channels leave it null. */
  readAt: ts('read_at'),
});

export const notifyLogs = pgTable('notify_logs', { id: bigserial('id', { mode: 'number' }).primaryKey(), ...notifyLogColumns() }, (t) => [
  index('notify_logs_created_idx').on(t.createdAt, t.id),
  index('notify_logs_channel_idx').on(t.channelId, t.id),
  // A member's site messages (GET /api/open/v1/messages), newest first.
  index('notify_logs_site_recipient_idx').on(t.recipient, t.id).where(sql`${t.channelType} = 'site'`),
]);

/** Delivery log rows older than the archiving setting, with their ids (kept, not shown on the screens). */
export const notifyLogsArchive = pgTable('notify_logs_archive', { id: bigint('id', { mode: 'number' }).primaryKey(), ...notifyLogColumns() }, (t) => [
  index('notify_logs_archive_created_idx').on(t.createdAt, t.id),
]);
