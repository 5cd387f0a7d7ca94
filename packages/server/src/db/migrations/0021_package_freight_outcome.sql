-- Issue #30.2 (freight that was wrong): a package keeps the outcome of its freight difference (patch_wait while a
-- top-up is open, then patch_completed, patch_refund or patch_match) and the part of its freight a coupon paid.
ALTER TABLE "packages" ADD COLUMN IF NOT EXISTS "patch_status" text;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN IF NOT EXISTS "freight_discount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN IF NOT EXISTS "coupon_grant_no" text DEFAULT '' NOT NULL;
