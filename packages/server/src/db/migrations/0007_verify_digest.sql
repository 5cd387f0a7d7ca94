-- A verification ticket approves one operation's values, not just its type and target.
ALTER TABLE "verify_tickets" ADD COLUMN "digest" text DEFAULT '' NOT NULL;
