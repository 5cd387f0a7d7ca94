-- Issue #32.4 (money back to where it came from): a refund of a paid gateway top-up through its provider, followed
-- until the provider says it is final.
CREATE TABLE IF NOT EXISTS "payment_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_no" text NOT NULL,
	"intent_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"provider_ref" text DEFAULT '' NOT NULL,
	"failure" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"source_type" text DEFAULT '' NOT NULL,
	"source_id" text DEFAULT '' NOT NULL,
	"debit_entry_id" bigint,
	"back_entry_id" bigint,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payment_refunds_no_key" ON "payment_refunds" USING btree ("refund_no");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_refunds_intent_idx" ON "payment_refunds" USING btree ("intent_id","id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_refunds_open_idx" ON "payment_refunds" USING btree ("status","updated_at") WHERE "status" in ('sending', 'pending');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_refunds_source_idx" ON "payment_refunds" USING btree ("source_type","source_id") WHERE "source_type" <> '';
