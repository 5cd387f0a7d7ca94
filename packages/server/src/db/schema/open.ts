import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

// ---------------------------------------------------------------- the member API (issue 13)

/** A member's sign-in: one email (lower-cased) and its argon2id hash per member. */
export const memberCredentials = pgTable(
  'member_credentials',
  {
    memberId: integer('member_id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** When the email was proven by a code sent to it (sign-up or reset); null: a legacy account never proven. */
    emailProvenAt: ts('email_proven_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('member_credentials_email_key').on(t.email)],
);

/** A password sign-up waiting for its emailed code: the member exists only once the email is proven. */
export const memberSignups = pgTable(
  'member_signups',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    country: text('country').notNull().default(''),
    agentId: integer('agent_id'),
    passwordHash: text('password_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes typed for this sign-up; it dies at the limit. */
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('member_signups_email_idx').on(t.email, t.createdAt)],
);

/** Sign-in, reset and sign-up tries counted per email, whatever address or X-Forwarded-For the caller uses. */
export const memberAuthTries = pgTable(
  'member_auth_tries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** login | reset_request | reset_code | signup_request | signup_code */
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    success: boolean('success').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('member_auth_tries_email_idx').on(t.email, t.kind, t.createdAt)],
);

/** A member's token (its hash only), separate from staff sessions: neither kind opens the other's routes. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('member_sessions_token_key').on(t.tokenHash), index('member_sessions_member_idx').on(t.memberId)],
);

/** A password-reset code a member was sent (its hash), usable once before it expires. */
export const memberResetCodes = pgTable(
  'member_reset_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Wrong codes typed against this code; it dies at the limit. */
    tries: integer('tries').notNull().default(0),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('member_reset_codes_member_idx').on(t.memberId, t.createdAt)],
);

/** What a write answered under an idempotency key: the same key and body get the same answer again. */
export const openIdempotency = pgTable(
  'open_idempotency',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('open_idempotency_created_idx').on(t.createdAt)],
);

/** Requests per caller per minute on the member API (in the database, so several servers share the limit). */
export const openRateWindows = pgTable(
  'open_rate_windows',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** A member's balance top-up through a payment provider: pending until the provider's signed callback says paid. */
export const topupIntents = pgTable(
  'topup_intents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    intentNo: text('intent_no').notNull(),
    memberId: integer('member_id').notNull(),
    provider: text('provider').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** The caller-scoped Idempotency-Key that created the intent: its retry (even after a crash) answers this intent. */
    idempotencyKey: text('idempotency_key'),
    /** The payment channel paid through (null: the sandbox). */
    channelId: integer('channel_id'),
    /** The channel's fee, paid on top of `amount` (minor units of `currency`). */
    fee: money('fee').notNull().default(0),
    /** The provider's own id of the payment (Stripe's PaymentIntent id). */
    providerRef: text('provider_ref'),
    /** What the payment is for: a top-up ('recharge'), or a bill paid from the balance once credited (PaymentScenario). */
    purpose: text('purpose').notNull().default('recharge'),
    /** The bill: the shop order's or the package's number. */
    billRef: text('bill_ref').notNull().default(''),
    /** What the member spends with the payment (couponGrantNo, points). */
    billOptions: jsonb('bill_options').$type<{ couponGrantNo?: string; points?: number }>().notNull().default({}),
    /** '' not yet settled, 'paid', or 'refused' (the money stays in the balance; billNote says why). */
    billStatus: text('bill_status').notNull().default(''),
    billNote: text('bill_note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('topup_intents_no_key').on(t.intentNo),
    uniqueIndex('topup_intents_provider_ref_key').on(t.provider, t.providerRef),
    index('topup_intents_member_idx').on(t.memberId, t.id),
    uniqueIndex('topup_intents_idempotency_key').on(t.idempotencyKey),
  ],
);

/**
 * A refund of a paid gateway top-up through its provider (issue #32.4): 'sending' until the provider accepted it,
 * 'pending' while it is not final there, then 'succeeded' or 'failed' (a failed one's amount went back to the balance).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Ours, and the provider's idempotency key for it (Stripe's Idempotency-Key, PayPal-Request-Id, Alipay's out_request_no). */
    refundNo: text('refund_no').notNull(),
    intentId: bigint('intent_id', { mode: 'number' }).notNull(),
    memberId: integer('member_id').notNull(),
    provider: text('provider').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('sending'),
    /** The provider's id of the refund ('' until it answered one). */
    providerRef: text('provider_ref').notNull().default(''),
    /** The provider's words: why it refused, or what went wrong at the last attempt. */
    failure: text('failure').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** What the refund is for (e.g. 'afterSales.refund' and its id); '' when staff refunded the top-up itself. */
    sourceType: text('source_type').notNull().default(''),
    sourceId: text('source_id').notNull().default(''),
    /** The ledger rows: the balance debited at the opening, credited back when the provider failed it. */
    debitEntryId: bigint('debit_entry_id', { mode: 'number' }),
    backEntryId: bigint('back_entry_id', { mode: 'number' }),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    uniqueIndex('payment_refunds_no_key').on(t.refundNo),
    index('payment_refunds_intent_idx').on(t.intentId, t.id),
    index('payment_refunds_open_idx').on(t.status, t.updatedAt).where(sql`${t.status} in ('sending', 'pending')`),
    index('payment_refunds_source_idx').on(t.sourceType, t.sourceId).where(sql`${t.sourceType} <> ''`),
  ],
);

// ---------------------------------------------------------------- events out

/** The outbox: every transition writes one row in its own transaction; the dispatcher fans it out once. */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    memberId: integer('member_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull(),
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [index('domain_events_pending_idx').on(t.id).where(sql`${t.dispatchedAt} is null`), index('domain_events_member_idx').on(t.memberId, t.id)],
);

/** Where the member site wants to hear about events: a URL, its signing secret (sealed) and the event types. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  events: jsonb('events').$type<string[]>().notNull().default([]),
  status: text('status').notNull().default('activity'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * One event to one destination: a webhook endpoint, or a member notification through a notify channel. Attempted
 * with back-off until it succeeds or gives up; the (event, target) pair is unique, so an event is never fanned out twice.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** 'webhook' (targetId: webhook_endpoints.id) or 'notify' (targetId: notify_channels.id). */
    target: text('target').notNull(),
    targetId: integer('target_id').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error').notNull().default(''),
    deliveredAt: ts('delivered_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('event_deliveries_event_target_key').on(t.eventId, t.target, t.targetId),
    index('event_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('event_deliveries_target_idx').on(t.target, t.targetId, t.id),
  ],
);

/** Which version of an agreement a member accepted, and when. */
export const memberAgreementAccepts = pgTable(
  'member_agreement_accepts',
  {
    memberId: integer('member_id').notNull(),
    agreementId: integer('agreement_id').notNull(),
    version: integer('version').notNull(),
    acceptedAt: ts('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.agreementId, t.version] })],
);

/** A member's identity check (KYC): what they submitted (the document number sealed at rest) and the staff review. */
export const memberKyc = pgTable(
  'member_kyc',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull(),
    fullName: text('full_name').notNull(),
    documentType: text('document_type').notNull(),
    documentNo: text('document_no').notNull(),
    /** The last four characters, for staff to compare without reading the whole number. */
    documentHint: text('document_hint').notNull(),
    country: text('country').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    reviewerName: text('reviewer_name').notNull().default(''),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('member_kyc_member_idx').on(t.memberId, t.id), index('member_kyc_status_idx').on(t.status, t.id)],
);

/** An agent-terminal sign-in (terminal appId 2): the agent's own token, which opens only the agent routes. */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('agent_sessions_token_key').on(t.tokenHash), index('agent_sessions_agent_idx').on(t.agentId)],
);

/**
 * A member site's key for server-to-server calls: its server acts for one member at a time (X-Member-Code) and may
 * sign members in after its own Discord/Google login. Only the hash is kept; the key is shown once when created.
 */
export const siteApiKeys = pgTable(
  'site_api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The key's first characters, so staff can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    status: text('status').notNull().default('activity'),
    creatorName: text('creator_name').notNull().default(''),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** The key's own calls a minute (all members it acts for together); null: the default (6,000). */
    ratePerMinute: integer('rate_per_minute'),
    /** The addresses (CIDRs) the key may be used from; empty: anywhere. */
    allowedCidrs: text('allowed_cidrs').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('site_api_keys_hash_key').on(t.keyHash)],
);
