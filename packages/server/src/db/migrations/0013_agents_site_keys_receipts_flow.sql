CREATE TABLE "agent_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"creator_name" text DEFAULT '' NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "discord_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "received_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_sessions_token_key" ON "agent_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "agent_sessions_agent_idx" ON "agent_sessions" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_api_keys_hash_key" ON "site_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "warehouse_items_created_idx" ON "warehouse_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "warehouse_items_shelved_idx" ON "warehouse_items" USING btree ("shelved_at") WHERE "warehouse_items"."shelved_at" is not null;--> statement-breakpoint
CREATE INDEX "packages_shipped_idx" ON "packages" USING btree ("shipped_at") WHERE "packages"."shipped_at" is not null;