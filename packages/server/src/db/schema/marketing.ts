import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

// ---------------------------------------------------------------- coupons

/**
 * A coupon template: fixed ("const", granted by staff, codes, draws, new members) or cycle (issued on a schedule
 * to a member segment). `issuedCount` only grows, under the row lock of the grant's transaction, and never passes
 * `totalStock` (null = unlimited).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** amount: `amount` off; discount: the member pays `discountBp` / 10000 of the price (capped by maxDiscount). */
    discountType: text('discount_type').notNull(),
    amount: money('amount').notNull().default(0),
    discountBp: integer('discount_bp').notNull().default(10000),
    maxDiscount: money('max_discount'),
    minSpend: money('min_spend').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    /** purchase | shipping | all */
    scope: text('scope').notNull(),
    /** fixed: validFrom–validTo; days: validDays after the grant. */
    validityType: text('validity_type').notNull(),
    validFrom: ts('valid_from'),
    validTo: ts('valid_to'),
    validDays: integer('valid_days'),
    totalStock: integer('total_stock'),
    issuedCount: integer('issued_count').notNull().default(0),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    /** Member levels that may hold it; empty = every level. */
    levelIds: jsonb('level_ids').notNull().default(sql`'[]'::jsonb`),
    /** Granted automatically to members who register while it is active. */
    newUser: boolean('new_user').notNull().default(false),
    /** Cycle coupons: weekly (cycleDay 1–7, Monday = 1) or monthly (cycleDay 1–28). */
    cycleType: text('cycle_type'),
    cycleDay: integer('cycle_day'),
    cycleQuantity: integer('cycle_quantity'),
    cycleStart: ts('cycle_start'),
    cycleEnd: ts('cycle_end'),
    /** Cycle coupons: the member segment (same shape as a crowd filter). */
    segment: jsonb('segment').notNull().default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('activity'),
    remark: text('remark').notNull().default(''),
    createdBy: text('created_by').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('coupons_kind_idx').on(t.kind, t.id), index('coupons_new_user_idx').on(t.newUser, t.status)],
);

/** One staff sending (targeted, crowd), cycle period run or code batch; requestId makes a retried sending apply once. */
export const couponSendBatches = pgTable(
  'coupon_send_batches',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id').notNull(),
    sourceType: text('source_type').notNull(),
    requestId: text('request_id').notNull(),
    filter: jsonb('filter').notNull().default(sql`'{}'::jsonb`),
    quantity: integer('quantity').notNull().default(1),
    targetCount: integer('target_count').notNull().default(0),
    grantedCount: integer('granted_count').notNull().default(0),
    skipped: jsonb('skipped').notNull().default(sql`'[]'::jsonb`),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('coupon_send_batches_request_key').on(t.requestId), index('coupon_send_batches_coupon_idx').on(t.couponId, t.id)],
);

/**
 * A coupon held by a member (the send record). `grantKey` names why it exists (batch + member + n, cycle period
 * + member + n, draw record, redeem code, new-member coupon) and is unique: a retried or concurrent grant with
 * the same reason inserts nothing.
 */
export const couponGrants = pgTable(
  'coupon_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: integer('coupon_id').notNull(),
    memberId: integer('member_id').notNull(),
    grantNo: text('grant_no').notNull(),
    grantKey: text('grant_key').notNull(),
    sourceType: text('source_type').notNull(),
    sendTarget: text('send_target').notNull().default('USER'),
    batchId: integer('batch_id'),
    status: text('status').notNull().default('activity'),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to').notNull(),
    usedAt: ts('used_at'),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason').notNull().default(''),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('coupon_grants_key').on(t.grantKey),
    uniqueIndex('coupon_grants_no_key').on(t.grantNo),
    index('coupon_grants_coupon_member_idx').on(t.couponId, t.memberId),
    index('coupon_grants_member_idx').on(t.memberId, t.id),
    index('coupon_grants_created_idx').on(t.createdAt, t.id),
    index('coupon_grants_expiry_idx').on(t.status, t.validTo),
  ],
);

/** Redeem codes generated in batches; a code turns `used` exactly once (conditional update), giving one grant. */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    couponId: integer('coupon_id').notNull(),
    batchNo: text('batch_no').notNull(),
    code: text('code').notNull(),
    status: text('status').notNull().default('activity'),
    memberId: integer('member_id'),
    grantId: bigint('grant_id', { mode: 'number' }),
    redeemedAt: ts('redeemed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('coupon_codes_code_key').on(t.code), index('coupon_codes_coupon_idx').on(t.couponId, t.batchNo, t.id)],
);

// ---------------------------------------------------------------- resource slots

/** A position on the member site (home banner, pop-up, sidebar…). */
export const resourceSpaces = pgTable(
  'resource_spaces',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    position: text('position').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    maxItems: integer('max_items').notNull().default(1),
    status: text('status').notNull().default('activity'),
    remark: text('remark').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('resource_spaces_code_key').on(t.code)],
);

/** What a slot shows: content, image, link, schedule window, audience and priority (higher first). */
export const resourceTasks = pgTable(
  'resource_tasks',
  {
    id: serial('id').primaryKey(),
    spaceId: integer('space_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    linkUrl: text('link_url').notNull().default(''),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    /** { type: all | newUser | levels, levelIds?, newWithinDays? } */
    audience: jsonb('audience').notNull().default(sql`'{"type":"all"}'::jsonb`),
    priority: integer('priority').notNull().default(0),
    status: text('status').notNull().default('activity'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('resource_tasks_space_idx').on(t.spaceId, t.priority)],
);

// ---------------------------------------------------------------- lucky draws

/** A lucky-draw activity: turntable, tigerMachines (slot machine) or hammerEgg. */
export const drawActivities = pgTable(
  'draw_activities',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    /** Balance debited per draw once the day's free draws are used (0 = only free draws). */
    costAmount: money('cost_amount').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    freeDrawsPerDay: integer('free_draws_per_day').notNull().default(0),
    /** Paid draws a member may make per day (0 = no limit). */
    maxDrawsPerDay: integer('max_draws_per_day').notNull().default(0),
    eligibleLevelIds: jsonb('eligible_level_ids').notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('activity'),
    /** The most its balance prizes may credit in all (minor units); null = no balance prizes (a balance prize then gives the filler). */
    balanceCap: money('balance_cap'),
    /** What its balance prizes credited so far: raised by the crediting draw only while it stays within balanceCap. */
    balanceIssued: money('balance_issued').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('draw_activities_kind_idx').on(t.kind, t.id)],
);

/**
 * A prize of an activity. `probabilityBp` is the percentage in hundredths (12.34% = 1234); an activity's prizes
 * add up to exactly 10000. `issuedCount` never passes `stock` (conditional update). The filler ("thanks") prize
 * has type none and takes the draws of prizes that ran out.
 */
export const drawPrizes = pgTable(
  'draw_prizes',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id').notNull(),
    name: text('name').notNull(),
    prizeType: text('prize_type').notNull(),
    couponId: integer('coupon_id'),
    amount: money('amount').notNull().default(0),
    probabilityBp: integer('probability_bp').notNull(),
    stock: integer('stock'),
    issuedCount: integer('issued_count').notNull().default(0),
    perMemberCap: integer('per_member_cap'),
    isFiller: boolean('is_filler').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('draw_prizes_activity_idx').on(t.activityId, t.sort)],
);

/** One row per draw, written in the same transaction as the prize it granted. */
export const drawRecords = pgTable(
  'draw_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityId: integer('activity_id').notNull(),
    memberId: integer('member_id').notNull(),
    requestId: text('request_id').notNull(),
    prizeId: integer('prize_id').notNull(),
    /** The prize the wheel landed on before a stock-out or cap sent it to the filler. */
    drawnPrizeId: integer('drawn_prize_id').notNull(),
    prizeType: text('prize_type').notNull(),
    prizeName: text('prize_name').notNull(),
    amount: money('amount').notNull().default(0),
    couponGrantId: bigint('coupon_grant_id', { mode: 'number' }),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    free: boolean('free').notNull(),
    costAmount: money('cost_amount').notNull().default(0),
    drawDay: text('draw_day').notNull(),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('draw_records_request_key').on(t.requestId),
    index('draw_records_activity_idx').on(t.activityId, t.id),
    index('draw_records_member_idx').on(t.memberId, t.activityId, t.drawDay),
    index('draw_records_prize_member_idx').on(t.prizeId, t.memberId),
  ],
);

/** Member points (no other domain keeps points yet): balance per member and its ledger. */
export const memberPoints = pgTable('member_points', {
  memberId: integer('member_id').primaryKey(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

export const memberPointEntries = pgTable(
  'member_point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('member_point_entries_ref_key').on(t.refType, t.refId), index('member_point_entries_member_idx').on(t.memberId, t.id)],
);
