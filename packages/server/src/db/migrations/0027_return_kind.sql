ALTER TABLE "return_requests" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'return' NOT NULL;
