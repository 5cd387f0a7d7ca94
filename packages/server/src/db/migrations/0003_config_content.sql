CREATE TABLE "agreement_versions" (
	"agreement_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"change_note" text DEFAULT '' NOT NULL,
	"published_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agreement_versions_agreement_id_version_pk" PRIMARY KEY("agreement_id","version")
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"app_id" integer DEFAULT 1 NOT NULL,
	"require_accept" boolean DEFAULT true NOT NULL,
	"current_version" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"version" text NOT NULL,
	"version_code" integer NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"download_url" text DEFAULT '' NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_area_countries" (
	"area_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"country_code" text NOT NULL,
	CONSTRAINT "channel_area_countries_area_id_country_code_pk" PRIMARY KEY("area_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "channel_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"name" text NOT NULL,
	"first_weight_g" integer NOT NULL,
	"first_price" bigint NOT NULL,
	"continued_weight_g" integer NOT NULL,
	"continued_price" bigint NOT NULL,
	"volumetric_divisor" integer DEFAULT 0 NOT NULL,
	"min_weight_g" integer DEFAULT 0 NOT NULL,
	"max_weight_g" integer DEFAULT 0 NOT NULL,
	"max_side_mm" integer DEFAULT 0 NOT NULL,
	"fuel_surcharge_bp" integer DEFAULT 0 NOT NULL,
	"handling_fee" bigint DEFAULT 0 NOT NULL,
	"delivery_min_days" integer,
	"delivery_max_days" integer,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_attrs" (
	"channel_id" integer NOT NULL,
	"attr" text NOT NULL,
	"allowed" boolean NOT NULL,
	"surcharge" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_attrs_channel_id_attr_pk" PRIMARY KEY("channel_id","attr")
);
--> statement-breakpoint
CREATE TABLE "config_data" (
	"group_key" text NOT NULL,
	"data_key" text NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "config_data_group_key_data_key_pk" PRIMARY KEY("group_key","data_key")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"region_id" integer,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"symbol" text DEFAULT '' NOT NULL,
	"minor_digits" integer DEFAULT 2 NOT NULL,
	"rate" text NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forwarders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"content_html" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"channel_type" text NOT NULL,
	"event" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"channel_type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "params" (
	"id" serial PRIMARY KEY NOT NULL,
	"param_key" text NOT NULL,
	"param_value" text NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider_type" text NOT NULL,
	"currencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"fixed_fee" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"max_amount" bigint DEFAULT 0 NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scenario" text NOT NULL,
	"agent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"min_amount" bigint DEFAULT 0 NOT NULL,
	"max_amount" bigint DEFAULT 0 NOT NULL,
	"channel_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"remote_fee" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"forwarder_id" integer,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"delivery_min_days" integer DEFAULT 0 NOT NULL,
	"delivery_max_days" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"tips_key" text NOT NULL,
	"tips_text" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'activity' NOT NULL,
	"need_trans" boolean DEFAULT true NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_versions" ADD CONSTRAINT "agreement_versions_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_area_countries" ADD CONSTRAINT "channel_area_countries_area_id_channel_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."channel_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_areas" ADD CONSTRAINT "channel_areas_channel_id_ship_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."ship_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_attrs" ADD CONSTRAINT "channel_attrs_channel_id_ship_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."ship_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_code_key" ON "agreements" USING btree ("app_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_platform_version_key" ON "app_versions" USING btree ("platform","version");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_area_countries_channel_country_key" ON "channel_area_countries" USING btree ("channel_id","country_code");--> statement-breakpoint
CREATE INDEX "channel_areas_channel_idx" ON "channel_areas" USING btree ("channel_id","sort");--> statement-breakpoint
CREATE INDEX "faqs_sort_idx" ON "faqs" USING btree ("sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "forwarders_code_key" ON "forwarders" USING btree ("code");--> statement-breakpoint
CREATE INDEX "help_articles_category_idx" ON "help_articles" USING btree ("category_id","sort","id");--> statement-breakpoint
CREATE INDEX "help_categories_parent_idx" ON "help_categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "notify_logs_created_idx" ON "notify_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notify_logs_channel_idx" ON "notify_logs" USING btree ("channel_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_templates_event_type_key" ON "notify_templates" USING btree ("event","channel_type");--> statement-breakpoint
CREATE UNIQUE INDEX "params_key_key" ON "params" USING btree ("param_key");--> statement-breakpoint
CREATE INDEX "payment_channels_sort_idx" ON "payment_channels" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "payment_rules_scenario_idx" ON "payment_rules" USING btree ("scenario","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "provinces_country_code_key" ON "provinces" USING btree ("country_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_code_key" ON "regions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_channels_code_key" ON "ship_channels" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_configs_app_key" ON "tips_configs" USING btree ("app_id","tips_key");