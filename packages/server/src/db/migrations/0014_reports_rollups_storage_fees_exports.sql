CREATE TABLE "export_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"query" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"status" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"file_uri" text,
	"size" bigint,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_lead_times" (
	"day" text NOT NULL,
	"stage" text NOT NULL,
	"dimension" text NOT NULL,
	"hours" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_lead_times_day_stage_dimension_hours_pk" PRIMARY KEY("day","stage","dimension","hours")
);
--> statement-breakpoint
CREATE TABLE "report_money_days" (
	"day" text NOT NULL,
	"category" text NOT NULL,
	"channel_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "report_money_days_day_category_channel_id_currency_pk" PRIMARY KEY("day","category","channel_id","currency")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_days" (
	"day" text PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_station_hours" (
	"day" text NOT NULL,
	"hour" integer NOT NULL,
	"station" text NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" text NOT NULL,
	"scans" integer NOT NULL,
	"busy_seconds" integer NOT NULL,
	"busy_gaps" integer NOT NULL,
	"idle_seconds" integer NOT NULL,
	CONSTRAINT "report_station_hours_day_station_actor_id_hour_pk" PRIMARY KEY("day","station","actor_id","hour")
);
--> statement-breakpoint
CREATE TABLE "report_storage_members" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"d0_30" integer NOT NULL,
	"d31_60" integer NOT NULL,
	"d61_90" integer NOT NULL,
	"d90_plus" integer NOT NULL,
	"total" integer NOT NULL,
	"oldest_shelved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_fees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"day" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"waived_by" text DEFAULT '' NOT NULL,
	"waived_reason" text DEFAULT '' NOT NULL,
	"waived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "export_jobs_admin_idx" ON "export_jobs" USING btree ("admin_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_fees_item_day_key" ON "storage_fees" USING btree ("item_id","day");--> statement-breakpoint
CREATE INDEX "storage_fees_member_idx" ON "storage_fees" USING btree ("member_id","day");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at","currency","amount");