CREATE TABLE "audit_logs_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"result" text DEFAULT 'ok' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
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
CREATE TABLE "outbox_messages_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient_admin_id" integer,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_events_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"purchase_id" bigint NOT NULL,
	"type" text NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_logs_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_type" text NOT NULL,
	"event" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_traces_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"type" text NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"slot" text,
	"file_name" text DEFAULT '' NOT NULL,
	"target" text NOT NULL,
	"bytes" bigint,
	"table_count" integer,
	"row_count" bigint,
	"error" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"daily_at" text DEFAULT '03:00' NOT NULL,
	"keep_daily" integer DEFAULT 7 NOT NULL,
	"keep_weekly" integer DEFAULT 4 NOT NULL,
	"archive_logs_after_days" integer DEFAULT 180 NOT NULL,
	"archive_traces_after_days" integer DEFAULT 365 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "backup_settings_one_row" CHECK ("backup_settings"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "audit_logs_archive_created_idx" ON "audit_logs_archive" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_actor_idx" ON "audit_logs_archive" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_archive_target_idx" ON "audit_logs_archive" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_archive_created_idx" ON "outbox_messages_archive" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trace_events_archive_purchase_idx" ON "trace_events_archive" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE INDEX "trace_events_archive_created_idx" ON "trace_events_archive" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notify_logs_archive_created_idx" ON "notify_logs_archive" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "package_traces_archive_package_idx" ON "package_traces_archive" USING btree ("package_id","id");--> statement-breakpoint
CREATE INDEX "package_traces_archive_created_idx" ON "package_traces_archive" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_slot_key" ON "backup_runs" USING btree ("slot");--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "trace_events_created_idx" ON "trace_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "package_traces_created_idx" ON "package_traces" USING btree ("created_at","id");--> statement-breakpoint
-- Marketing's job runner became the shared one (core/jobs.ts): its jobs move over with their ids and keys.
INSERT INTO "jobs" ("id", "kind", "key", "payload", "run_at", "status", "attempts", "locked_by", "locked_until", "last_error", "result", "created_at", "finished_at")
SELECT "id", "kind", "key", "payload", "run_at", "status", "attempts", "locked_by", "locked_until", "last_error", "result", "created_at", "finished_at" FROM "marketing_jobs";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('jobs', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "jobs"), false);--> statement-breakpoint
DROP TABLE "marketing_jobs" CASCADE;
