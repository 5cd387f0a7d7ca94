CREATE TABLE "purchase_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"mall_type" text NOT NULL,
	"product_url" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"props" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"paid_amount" bigint NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"member_remark" text DEFAULT '' NOT NULL,
	"purchaser_id" integer,
	"purchaser_name" text DEFAULT '' NOT NULL,
	"hold_reason" text DEFAULT '' NOT NULL,
	"hold_from" text,
	"patch_status" text,
	"patch_amount" bigint DEFAULT 0 NOT NULL,
	"mall_order_no" text DEFAULT '' NOT NULL,
	"real_price" bigint,
	"domestic_fee" bigint,
	"tracking_no" text DEFAULT '' NOT NULL,
	"logistics_status" text,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"pay_time" timestamp with time zone,
	"purchase_end_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelf_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"zone" text NOT NULL,
	"row" integer NOT NULL,
	"level" integer NOT NULL,
	"slot" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"status" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"pay_time" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trace_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"purchase_id" bigint NOT NULL,
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
CREATE TABLE "unclaimed_parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_no" text NOT NULL,
	"weight_g" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"purchase_id" bigint,
	"creator_id" integer,
	"creator_name" text DEFAULT '' NOT NULL,
	"assigned_by" text DEFAULT '' NOT NULL,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_code" text NOT NULL,
	"purchase_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"quick_top" text NOT NULL,
	"quick_bottom" text NOT NULL,
	"tracking_no" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"weight_g" integer NOT NULL,
	"length_mm" integer DEFAULT 0 NOT NULL,
	"width_mm" integer DEFAULT 0 NOT NULL,
	"height_mm" integer DEFAULT 0 NOT NULL,
	"volume_cm3" integer DEFAULT 0 NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qc_problem" text,
	"qc_note" text DEFAULT '' NOT NULL,
	"shelf_location_id" integer,
	"shelf_code" text,
	"creator_id" integer,
	"creator_name" text DEFAULT '' NOT NULL,
	"shelved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_items" ADD CONSTRAINT "warehouse_items_purchase_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_items" ADD CONSTRAINT "warehouse_items_shelf_location_id_shelf_locations_id_fk" FOREIGN KEY ("shelf_location_id") REFERENCES "public"."shelf_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_purchase_no_key" ON "purchase_orders" USING btree ("purchase_no");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_order_idx" ON "purchase_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_member_idx" ON "purchase_orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_tracking_idx" ON "purchase_orders" USING btree ("tracking_no") WHERE "purchase_orders"."tracking_no" <> '';--> statement-breakpoint
CREATE INDEX "purchase_orders_mall_order_idx" ON "purchase_orders" USING btree ("mall_order_no") WHERE "purchase_orders"."mall_order_no" <> '';--> statement-breakpoint
CREATE INDEX "purchase_orders_purchaser_idx" ON "purchase_orders" USING btree ("purchaser_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelf_locations_code_key" ON "shelf_locations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_order_no_key" ON "shop_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "shop_orders_member_idx" ON "shop_orders" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "trace_events_purchase_idx" ON "trace_events" USING btree ("purchase_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "unclaimed_parcels_open_key" ON "unclaimed_parcels" USING btree ("tracking_no") WHERE "unclaimed_parcels"."status" = 'open';--> statement-breakpoint
CREATE INDEX "unclaimed_parcels_status_idx" ON "unclaimed_parcels" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_items_item_code_key" ON "warehouse_items" USING btree ("item_code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_items_purchase_key" ON "warehouse_items" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "warehouse_items_shelf_idx" ON "warehouse_items" USING btree ("shelf_location_id");--> statement-breakpoint
CREATE INDEX "warehouse_items_member_shelf_idx" ON "warehouse_items" USING btree ("member_id","shelved_at");