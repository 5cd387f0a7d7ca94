ALTER TABLE "payment_channels" ADD COLUMN IF NOT EXISTS "gateway" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN IF NOT EXISTS "api_base" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_channels" ADD COLUMN IF NOT EXISTS "credentials" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "channel_id" integer;--> statement-breakpoint
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "provider_ref" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "topup_intents_provider_ref_key" ON "topup_intents" USING btree ("provider","provider_ref");
