CREATE TABLE IF NOT EXISTS "package_declarations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"hs_code" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_value" bigint NOT NULL,
	"currency" text NOT NULL,
	"origin" text DEFAULT 'CN' NOT NULL,
	"weight_g" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "package_declarations_line_key" ON "package_declarations" USING btree ("package_id","line_no");--> statement-breakpoint
ALTER TABLE "ship_channels" ADD COLUMN IF NOT EXISTS "customs_max_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ship_channels" ADD COLUMN IF NOT EXISTS "customs_forbidden_hs" text[] DEFAULT '{}'::text[] NOT NULL;
