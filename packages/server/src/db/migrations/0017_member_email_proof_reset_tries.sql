-- Issue #28 (member accounts): a password sign-up proves its email before an account exists (member_signups), legacy
-- password accounts whose email was never proven are marked so (email_proven_at null), reset codes count wrong tries,
-- and sign-in/reset/sign-up tries are counted per email whatever address the caller uses (member_auth_tries).
ALTER TABLE "member_reset_codes" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_credentials" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "member_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"agent_id" integer,
	"password_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "member_signups_email_idx" ON "member_signups" USING btree ("email","created_at");--> statement-breakpoint
CREATE TABLE "member_auth_tries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"success" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "member_auth_tries_email_idx" ON "member_auth_tries" USING btree ("email","kind","created_at");
