import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

// ---------------------------------------------------------------- sensitive-operation verification

/** Per SPEC §6 operation type: whether it needs verification. Types without a row are disabled. */
export const verifyConfigs = pgTable('verify_configs', {
  type: text('type').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull(),
});

/** The staff who may verify an operation type (the "subject list"). */
export const verifySubjects = pgTable(
  'verify_subjects',
  {
    type: text('type').notNull(),
    adminId: integer('admin_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.adminId] })],
);

/** A staff member's authenticator (TOTP) secret; confirmed once a first code from the app was accepted. */
export const adminTotp = pgTable('admin_totp', {
  adminId: integer('admin_id').primaryKey(),
  totpSecret: text('totp_secret').notNull(),
  confirmed: boolean('confirmed').notNull().default(false),
  /** Last accepted TOTP time step: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** One-time codes sent to a subject for an operator's pending operation; only the hash is kept. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    operatorId: integer('operator_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('verify_codes_operator_idx').on(t.operatorId, t.type, t.createdAt)],
);

/** Every code check, to limit guessing per operator. */
export const verifyAttempts = pgTable(
  'verify_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id').notNull(),
    type: text('type').notNull(),
    success: boolean('success').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('verify_attempts_operator_idx').on(t.operatorId, t.createdAt)],
);

/** Tickets from doLoginVerify: bound to type, operator and target; short-lived, single-use; only the hash is kept. */
export const verifyTickets = pgTable(
  'verify_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketHash: text('ticket_hash').notNull(),
    type: text('type').notNull(),
    operatorId: integer('operator_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    target: text('target').notNull().default(''),
    /** Digest of the operation's values the verifier approved (core/verification.ts digestOf); '' for admin_login. */
    digest: text('digest').notNull().default(''),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('verify_tickets_hash_key').on(t.ticketHash)],
);

const outboxColumns = () => ({
  channel: text('channel').notNull(),
  recipientAdminId: integer('recipient_admin_id'),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull(),
});

/** Messages of the pluggable sender; without a mail server they stay here for super admins to read. */
export const outboxMessages = pgTable('outbox_messages', { id: bigserial('id', { mode: 'number' }).primaryKey(), ...outboxColumns() }, (t) => [
  index('outbox_messages_created_idx').on(t.createdAt, t.id),
]);

/** Outbox messages older than the archiving setting, with their ids (kept, not shown on the screens). */
export const outboxMessagesArchive = pgTable('outbox_messages_archive', { id: bigint('id', { mode: 'number' }).primaryKey(), ...outboxColumns() }, (t) => [
  index('outbox_messages_archive_created_idx').on(t.createdAt, t.id),
]);

// ---------------------------------------------------------------- members

export const userLevels = pgTable('user_levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Discount in basis points of the price the member pays (10000 = no discount). */
  discountBp: integer('discount_bp').notNull().default(10000),
  /** Spending threshold (minor units) to reach the level. */
  threshold: money('threshold').notNull().default(0),
  currency: text('currency').notNull().default('CNY'),
  sort: integer('sort').notNull().default(0),
  status: text('status').notNull().default('activity'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Member facts beyond the core identity in `members` (one row per member, created on first need). */
export const memberProfiles = pgTable(
  'member_profiles',
  {
    memberId: integer('member_id').primaryKey(),
    levelId: integer('level_id'),
    agentId: integer('agent_id'),
    kfcAdminId: integer('kfc_admin_id'),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    kycStatus: text('kyc_status').notNull().default('none'),
    kycName: text('kyc_name').notNull().default(''),
    lastLoginAt: ts('last_login_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('member_profiles_agent_idx').on(t.agentId), index('member_profiles_level_idx').on(t.levelId)],
);

export const memberAddresses = pgTable(
  'member_addresses',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    address: text('address').notNull(),
    postcode: text('postcode').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('member_addresses_member_idx').on(t.memberId)],
);

export const memberLogins = pgTable(
  'member_logins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    source: text('source').notNull().default('password'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('member_logins_member_idx').on(t.memberId, t.createdAt)],
);

// ---------------------------------------------------------------- ledger

/**
 * A money account: a member's balance or commission, an agent's commission. `balance` always equals the sum of
 * the account's ledger rows; both change in one transaction.
 */
export const moneyAccounts = pgTable(
  'money_accounts',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('money_accounts_owner_key').on(t.ownerType, t.ownerId, t.kind, t.currency)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    kind: text('kind').notNull(),
    type: text('type').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    currency: text('currency').notNull(),
    refType: text('ref_type').notNull().default(''),
    refId: text('ref_id').notNull().default(''),
    remark: text('remark').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idem_key').on(t.idempotencyKey),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_owner_idx').on(t.ownerType, t.ownerId, t.id),
    index('ledger_entries_type_idx').on(t.type, t.id),
    index('ledger_entries_ref_idx').on(t.refType, t.refId),
    // The money report's daily roll-up reads one business day at a time; its reconciliation sums a range from the
    // index alone (currency and amount in it).
    index('ledger_entries_created_idx').on(t.createdAt, t.currency, t.amount),
  ],
);

// ---------------------------------------------------------------- after-sales

export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    refundNo: text('refund_no').notNull(),
    memberId: integer('member_id').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    sourceNo: text('source_no').notNull().default(''),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    channel: text('channel').notNull().default('balance'),
    status: text('status').notNull(),
    reviewResult: text('review_result'),
    reviewRemark: text('review_remark').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewerName: text('reviewer_name').notNull().default(''),
    reviewedAt: ts('reviewed_at'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('refund_requests_no_key').on(t.refundNo),
    index('refund_requests_status_idx').on(t.status, t.id),
    index('refund_requests_member_idx').on(t.memberId),
  ],
);

/** A member's request to return purchased goods to the seller. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    returnNo: text('return_no').notNull(),
    /** return: the seller refunds once it signs; exchange: the seller sends a replacement and nothing is refunded. */
    kind: text('kind').notNull().default('return'),
    memberId: integer('member_id').notNull(),
    purchaseOrderId: text('purchase_order_id').notNull(),
    purchaseOrderNo: text('purchase_order_no').notNull().default(''),
    goodsTitle: text('goods_title').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull().default(''),
    images: jsonb('images').notNull().default(sql`'[]'::jsonb`),
    status: text('status').notNull(),
    reviewResult: text('review_result'),
    reviewRemark: text('review_remark').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewerName: text('reviewer_name').notNull().default(''),
    reviewedAt: ts('reviewed_at'),
    shippingStatus: text('shipping_status'),
    shippingCompany: text('shipping_company').notNull().default(''),
    shippingNo: text('shipping_no').notNull().default(''),
    refundId: integer('refund_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('return_requests_no_key').on(t.returnNo), index('return_requests_status_idx').on(t.status, t.id)],
);

// ---------------------------------------------------------------- agents

export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    agentName: text('agent_name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status').notNull().default('activity'),
    /** Platform rebate to the agent, basis points of its members' order amounts. */
    rebateBp: integer('rebate_bp').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    withdrawalAccount: jsonb('withdrawal_account').notNull().default(sql`'{}'::jsonb`),
    appConfig: jsonb('app_config').notNull().default(sql`'{}'::jsonb`),
    passwordHash: text('password_hash').notNull().default(''),
    tradePasswordHash: text('trade_password_hash').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('agents_name_key').on(sql`lower(${t.agentName})`)],
);

export const mainDomains = pgTable(
  'main_domains',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id'),
    domain: text('domain').notNull(),
    status: text('status').notNull().default('activity'),
    remark: text('remark').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('main_domains_domain_key').on(sql`lower(${t.domain})`)],
);

/** Profit config: the agent rebate tiers by order amount (per agent, or the platform default when agent is null). */
export const profitConfs = pgTable('profit_confs', {
  id: serial('id').primaryKey(),
  agentId: integer('agent_id'),
  name: text('name').notNull(),
  minAmount: money('min_amount').notNull().default(0),
  rateBp: integer('rate_bp').notNull(),
  status: text('status').notNull().default('activity'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const agentWithdrawals = pgTable(
  'agent_withdrawals',
  {
    id: serial('id').primaryKey(),
    withdrawalNo: text('withdrawal_no').notNull(),
    agentId: integer('agent_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    account: jsonb('account').notNull(),
    status: text('status').notNull(),
    remark: text('remark').notNull().default(''),
    reviewRemark: text('review_remark').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    reviewerName: text('reviewer_name').notNull().default(''),
    reviewedAt: ts('reviewed_at'),
    payProof: text('pay_proof').notNull().default(''),
    paidAt: ts('paid_at'),
    holdEntryId: bigint('hold_entry_id', { mode: 'number' }),
    releaseEntryId: bigint('release_entry_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('agent_withdrawals_no_key').on(t.withdrawalNo),
    index('agent_withdrawals_status_idx').on(t.status, t.id),
    index('agent_withdrawals_agent_idx').on(t.agentId),
  ],
);

/** Users of an agent's terminal (agent staff), and the agent terminal's own settings. */
export const agentUsers = pgTable(
  'agent_users',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    status: text('status').notNull().default('activity'),
    appConfig: jsonb('app_config').notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('agent_users_username_key').on(sql`lower(${t.username})`), index('agent_users_agent_idx').on(t.agentId)],
);

/** Key/value settings of the agent terminal pages (bots, servers, domains, member settings, share). */
export const agentTerminalItems = pgTable(
  'agent_terminal_items',
  {
    id: serial('id').primaryKey(),
    section: text('section').notNull(),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
    status: text('status').notNull().default('activity'),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('agent_terminal_items_section_idx').on(t.section, t.sort)],
);
