ALTER TABLE "shop_orders" ADD COLUMN IF NOT EXISTS "service_fee_refunded" bigint DEFAULT 0 NOT NULL;
