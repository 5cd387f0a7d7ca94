CREATE INDEX IF NOT EXISTS "notify_logs_site_recipient_idx" ON "notify_logs" USING btree ("recipient","id") WHERE "notify_logs"."channel_type" = 'site';
