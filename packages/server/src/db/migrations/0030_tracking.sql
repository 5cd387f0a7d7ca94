-- Issue #33.3 (tracking): shipped packages registered with the tracking service (17TRACK), where it last said each
-- parcel is, and the events of its way, each stored once however often it is polled.
CREATE TABLE IF NOT EXISTS "package_tracking" (
	"package_id" bigint PRIMARY KEY NOT NULL,
	"tracking_no" text NOT NULL,
	"registered_at" timestamp with time zone,
	"status" text DEFAULT '' NOT NULL,
	"sub_status" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"problem_status" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "package_tracking_checked_idx" ON "package_tracking" USING btree ("checked_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "package_tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "package_tracking_events_key" ON "package_tracking_events" USING btree ("package_id","occurred_at","description");
