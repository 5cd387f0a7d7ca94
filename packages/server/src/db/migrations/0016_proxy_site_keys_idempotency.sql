-- Issue #28 (round two). A top-up intent remembers the Idempotency-Key that created it, so a retry of that key after
-- a crash answers the same intent instead of a second one.
ALTER TABLE "topup_intents" ADD COLUMN "idempotency_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "topup_intents_idempotency_key" ON "topup_intents" ("idempotency_key");
--> statement-breakpoint
-- A paid shop order remembers the key that paid it: a retry of that key answers the order, not "not awaiting payment".
ALTER TABLE "shop_orders" ADD COLUMN "pay_idempotency_key" text;
--> statement-breakpoint
-- A member site's key: its own calls a minute (null: the default 6,000) and the addresses it may call from
-- (CIDRs; empty: anywhere).
ALTER TABLE "site_api_keys" ADD COLUMN "rate_per_minute" integer;
--> statement-breakpoint
ALTER TABLE "site_api_keys" ADD COLUMN "allowed_cidrs" text[] DEFAULT '{}'::text[] NOT NULL;
