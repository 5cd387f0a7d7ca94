-- Issue #33.2 (carriers): a forwarder's carrier account (its key sealed), and the shipments booked with it at packing.
ALTER TABLE "forwarders" ADD COLUMN IF NOT EXISTS "carrier" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "forwarders" ADD COLUMN IF NOT EXISTS "api_base" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "forwarders" ADD COLUMN IF NOT EXISTS "credentials" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "package_shipments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"forwarder_id" integer NOT NULL,
	"carrier" text NOT NULL,
	"status" text NOT NULL,
	"carrier_ref" text DEFAULT '' NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"label_pdf" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"cancel_tries" integer DEFAULT 0 NOT NULL,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "package_shipments_live_key" ON "package_shipments" USING btree ("package_id") WHERE "package_shipments"."status" in ('booking', 'booked', 'cancel_pending');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "package_shipments_package_idx" ON "package_shipments" USING btree ("package_id","id");
