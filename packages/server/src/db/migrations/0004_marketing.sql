CREATE TABLE "coupon_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"member_id" integer,
	"grant_id" bigint,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"grant_no" text NOT NULL,
	"grant_key" text NOT NULL,
	"source_type" text NOT NULL,
	"send_target" text DEFAULT 'USER' NOT NULL,
	"batch_id" integer,
	"status" text DEFAULT 'activity' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_send_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"source_type" text NOT NULL,
	"request_id" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"target_count" integer DEFAULT 0 NOT NULL,
	"granted_count" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"discount_type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"discount_bp" integer DEFAULT 10000 NOT NULL,
	"max_discount" bigint,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"scope" text NOT NULL,
	"validity_type" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"valid_days" integer,
	"total_stock" integer,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"level_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"new_user" boolean DEFAULT false NOT NULL,
	"cycle_type" text,
	"cycle_day" integer,
	"cycle_quantity" integer,
	"cycle_start" timestamp with time zone,
	"cycle_end" timestamp with time zone,
	"segment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"cost_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"free_draws_per_day" integer DEFAULT 0 NOT NULL,
	"max_draws_per_day" integer DEFAULT 0 NOT NULL,
	"eligible_level_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"name" text NOT NULL,
	"prize_type" text NOT NULL,
	"coupon_id" integer,
	"amount" bigint DEFAULT 0 NOT NULL,
	"probability_bp" integer NOT NULL,
	"stock" integer,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"per_member_cap" integer,
	"is_filler" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"prize_id" integer NOT NULL,
	"drawn_prize_id" integer NOT NULL,
	"prize_type" text NOT NULL,
	"prize_name" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"coupon_grant_id" bigint,
	"ledger_entry_id" bigint,
	"free" boolean NOT NULL,
	"cost_amount" bigint DEFAULT 0 NOT NULL,
	"draw_day" text NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_points" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"max_items" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"space_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"audience" jsonb DEFAULT '{"type":"all"}'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_key" ON "coupon_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupon_codes_coupon_idx" ON "coupon_codes" USING btree ("coupon_id","batch_no","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_grants_key" ON "coupon_grants" USING btree ("grant_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_grants_no_key" ON "coupon_grants" USING btree ("grant_no");--> statement-breakpoint
CREATE INDEX "coupon_grants_coupon_member_idx" ON "coupon_grants" USING btree ("coupon_id","member_id");--> statement-breakpoint
CREATE INDEX "coupon_grants_member_idx" ON "coupon_grants" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "coupon_grants_created_idx" ON "coupon_grants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupon_grants_expiry_idx" ON "coupon_grants" USING btree ("status","valid_to");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_send_batches_request_key" ON "coupon_send_batches" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "coupon_send_batches_coupon_idx" ON "coupon_send_batches" USING btree ("coupon_id","id");--> statement-breakpoint
CREATE INDEX "coupons_kind_idx" ON "coupons" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "coupons_new_user_idx" ON "coupons" USING btree ("new_user","status");--> statement-breakpoint
CREATE INDEX "draw_activities_kind_idx" ON "draw_activities" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "draw_prizes_activity_idx" ON "draw_prizes" USING btree ("activity_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_records_request_key" ON "draw_records" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "draw_records_activity_idx" ON "draw_records" USING btree ("activity_id","id");--> statement-breakpoint
CREATE INDEX "draw_records_member_idx" ON "draw_records" USING btree ("member_id","activity_id","draw_day");--> statement-breakpoint
CREATE INDEX "draw_records_prize_member_idx" ON "draw_records" USING btree ("prize_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_jobs_key" ON "marketing_jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "marketing_jobs_due_idx" ON "marketing_jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_point_entries_ref_key" ON "member_point_entries" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "member_point_entries_member_idx" ON "member_point_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_spaces_code_key" ON "resource_spaces" USING btree ("code");--> statement-breakpoint
CREATE INDEX "resource_tasks_space_idx" ON "resource_tasks" USING btree ("space_id","priority");