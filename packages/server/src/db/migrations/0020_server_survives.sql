-- Issue #28 (server survives): a backup run records the process taking it (host, pid, start) and its work folder, so
-- a run left "running" by a server killed mid-backup is recognised as dead at the next start, marked failed and cleaned.
ALTER TABLE "backup_runs" ADD COLUMN IF NOT EXISTS "runner" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN IF NOT EXISTS "work_dir" text DEFAULT '' NOT NULL;
