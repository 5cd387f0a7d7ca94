CREATE TABLE "out_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"sack_count" integer DEFAULT 0 NOT NULL,
	"package_count" integer DEFAULT 0 NOT NULL,
	"weight_g" integer DEFAULT 0 NOT NULL,
	"creator_name" text DEFAULT '' NOT NULL,
	"shipped_by" text DEFAULT '' NOT NULL,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_exceptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_status" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_id" integer,
	"owner_name" text DEFAULT '' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"raised_by" text DEFAULT '' NOT NULL,
	"handled_by" text DEFAULT '' NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"item_code" text NOT NULL,
	"shelf_code" text DEFAULT '' NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone,
	"released" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_traces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"type" text NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"prev_status" text,
	"channel_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"address" jsonb NOT NULL,
	"mall_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"attrs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"declared_value" bigint DEFAULT 0 NOT NULL,
	"insurance_fee" bigint DEFAULT 0 NOT NULL,
	"member_remark" text DEFAULT '' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"estimated_weight_g" integer DEFAULT 0 NOT NULL,
	"real_weight_g" integer,
	"length_mm" integer DEFAULT 0 NOT NULL,
	"width_mm" integer DEFAULT 0 NOT NULL,
	"height_mm" integer DEFAULT 0 NOT NULL,
	"volume_cm3" integer DEFAULT 0 NOT NULL,
	"volumetric_weight_g" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"freight_estimated" bigint DEFAULT 0 NOT NULL,
	"freight_charged" bigint DEFAULT 0 NOT NULL,
	"freight_real" bigint,
	"patch_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"pretrial_note" text DEFAULT '' NOT NULL,
	"reviewer_name" text DEFAULT '' NOT NULL,
	"packer_name" text DEFAULT '' NOT NULL,
	"sack_id" bigint,
	"batch_id" bigint,
	"pay_time" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"label_confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"channel_id" integer NOT NULL,
	"country_code" text,
	"status" text DEFAULT 'open' NOT NULL,
	"package_count" integer DEFAULT 0 NOT NULL,
	"weight_g" integer DEFAULT 0 NOT NULL,
	"batch_id" bigint,
	"creator_name" text DEFAULT '' NOT NULL,
	"sealed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "out_batches_batch_no_key" ON "out_batches" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "out_batches_status_idx" ON "out_batches" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_exceptions_open_key" ON "package_exceptions" USING btree ("package_id") WHERE "package_exceptions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "package_exceptions_status_idx" ON "package_exceptions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "package_items_package_idx" ON "package_items" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_items_live_item_key" ON "package_items" USING btree ("item_id") WHERE not "package_items"."released";--> statement-breakpoint
CREATE INDEX "package_items_code_idx" ON "package_items" USING btree ("item_code");--> statement-breakpoint
CREATE INDEX "package_traces_package_idx" ON "package_traces" USING btree ("package_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_package_no_key" ON "packages" USING btree ("package_no");--> statement-breakpoint
CREATE INDEX "packages_status_idx" ON "packages" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "packages_member_idx" ON "packages" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "packages_channel_idx" ON "packages" USING btree ("channel_id","status","id");--> statement-breakpoint
CREATE INDEX "packages_created_idx" ON "packages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "packages_tracking_idx" ON "packages" USING btree ("tracking_no") WHERE "packages"."tracking_no" <> '';--> statement-breakpoint
CREATE INDEX "packages_sack_idx" ON "packages" USING btree ("sack_id") WHERE "packages"."sack_id" is not null;--> statement-breakpoint
CREATE INDEX "packages_batch_idx" ON "packages" USING btree ("batch_id") WHERE "packages"."batch_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sacks_live_code_key" ON "sacks" USING btree ("code") WHERE "sacks"."status" <> 'shipped';--> statement-breakpoint
CREATE INDEX "sacks_status_idx" ON "sacks" USING btree ("status","channel_id");--> statement-breakpoint
CREATE INDEX "sacks_batch_idx" ON "sacks" USING btree ("batch_id");