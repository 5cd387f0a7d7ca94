-- Issue #32.1: a payment through a channel's gateway can pay a bill (a shop order, a package's freight or its top-up):
-- the money is credited to the balance and the bill paid from it in the notification's transaction.
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "purpose" text DEFAULT 'recharge' NOT NULL;
--> statement-breakpoint
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "bill_ref" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "bill_options" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "bill_status" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "topup_intents" ADD COLUMN IF NOT EXISTS "bill_note" text DEFAULT '' NOT NULL;
