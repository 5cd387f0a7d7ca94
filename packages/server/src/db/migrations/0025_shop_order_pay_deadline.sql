ALTER TABLE "shop_orders" ADD COLUMN IF NOT EXISTS "pay_deadline" timestamp with time zone;--> statement-breakpoint
UPDATE "shop_orders" SET "pay_deadline" = "shop_orders"."created_at" + ("params"."param_value")::numeric * interval '1 minute'
  FROM "params"
  WHERE "shop_orders"."status" = 'ordered' AND "params"."param_key" = 'order.autoCancelMinutes'
    AND "params"."param_value" ~ '^[0-9]+(\.[0-9]+)?$' AND ("params"."param_value")::numeric > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_orders_pay_deadline_idx" ON "shop_orders" ("pay_deadline") WHERE "status" = 'ordered' AND "pay_deadline" IS NOT NULL;
