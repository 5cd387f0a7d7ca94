CREATE TABLE "admin_totp" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"totp_secret" text NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"last_step" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_terminal_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"name" text NOT NULL,
	"value" jsonb NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"username" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"app_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_no" text NOT NULL,
	"agent_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"account" jsonb NOT NULL,
	"status" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"review_remark" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"pay_proof" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"hold_entry_id" bigint,
	"release_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"rebate_bp" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"withdrawal_account" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"app_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text DEFAULT '' NOT NULL,
	"trade_password_hash" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"currency" text NOT NULL,
	"ref_type" text DEFAULT '' NOT NULL,
	"ref_id" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "main_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer,
	"domain" text NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"receiver" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_logins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'password' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"level_id" integer,
	"agent_id" integer,
	"kfc_admin_id" integer,
	"phone" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"kyc_status" text DEFAULT 'none' NOT NULL,
	"kyc_name" text DEFAULT '' NOT NULL,
	"last_login_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient_admin_id" integer,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profit_confs" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer,
	"name" text NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"rate_bp" integer NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"source_no" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"channel" text DEFAULT 'balance' NOT NULL,
	"status" text NOT NULL,
	"review_result" text,
	"review_remark" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"purchase_order_id" text NOT NULL,
	"purchase_order_no" text DEFAULT '' NOT NULL,
	"goods_title" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"review_result" text,
	"review_remark" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"shipping_status" text,
	"shipping_company" text DEFAULT '' NOT NULL,
	"shipping_no" text DEFAULT '' NOT NULL,
	"refund_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"discount_bp" integer DEFAULT 10000 NOT NULL,
	"threshold" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"type" text NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"operator_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_configs" (
	"type" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_subjects" (
	"type" text NOT NULL,
	"admin_id" integer NOT NULL,
	CONSTRAINT "verify_subjects_type_admin_id_pk" PRIMARY KEY("type","admin_id")
);
--> statement-breakpoint
CREATE TABLE "verify_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"type" text NOT NULL,
	"operator_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "agent_terminal_items_section_idx" ON "agent_terminal_items" USING btree ("section","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_users_username_key" ON "agent_users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "agent_users_agent_idx" ON "agent_users" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_withdrawals_no_key" ON "agent_withdrawals" USING btree ("withdrawal_no");--> statement-breakpoint
CREATE INDEX "agent_withdrawals_status_idx" ON "agent_withdrawals" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "agent_withdrawals_agent_idx" ON "agent_withdrawals" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_name_key" ON "agents" USING btree (lower("agent_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idem_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_owner_idx" ON "ledger_entries" USING btree ("owner_type","owner_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_type_idx" ON "ledger_entries" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_ref_idx" ON "ledger_entries" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "main_domains_domain_key" ON "main_domains" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_logins_member_idx" ON "member_logins" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_profiles_agent_idx" ON "member_profiles" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "member_profiles_level_idx" ON "member_profiles" USING btree ("level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_accounts_owner_key" ON "money_accounts" USING btree ("owner_type","owner_id","kind","currency");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_no_key" ON "refund_requests" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "refund_requests_member_idx" ON "refund_requests" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_no_key" ON "return_requests" USING btree ("return_no");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "verify_attempts_operator_idx" ON "verify_attempts" USING btree ("operator_id","created_at");--> statement-breakpoint
CREATE INDEX "verify_codes_operator_idx" ON "verify_codes" USING btree ("operator_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verify_tickets_hash_key" ON "verify_tickets" USING btree ("ticket_hash");