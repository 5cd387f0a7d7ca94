-- A lucky-draw activity whose prizes credit balances is money (issue #28): its balance prizes have finite stock and
-- the activity a total it may credit (balance_cap, minor units), counted in balance_issued by the draw that credits,
-- in the same transaction and under the activity row's lock, so no number of concurrent draws passes the cap.
ALTER TABLE "draw_activities" ADD COLUMN "balance_cap" bigint;
--> statement-breakpoint
ALTER TABLE "draw_activities" ADD COLUMN "balance_issued" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- What existing activities already credited counts against their cap.
UPDATE "draw_activities" a SET "balance_issued" = s."total"
FROM (SELECT "activity_id", sum("amount") AS "total" FROM "draw_records" WHERE "prize_type" = 'balance' GROUP BY "activity_id") s
WHERE s."activity_id" = a."id";
--> statement-breakpoint
-- An existing activity with balance prizes may still credit what its finite stocks have left; a balance prize of
-- unlimited stock adds nothing (it gives the filler until the activity is saved again, with verification).
UPDATE "draw_activities" a SET "balance_cap" = a."balance_issued" + s."left"
FROM (
	SELECT "activity_id", coalesce(sum(CASE WHEN "stock" IS NULL THEN 0 ELSE greatest("stock" - "issued_count", 0)::bigint * "amount" END), 0) AS "left"
	FROM "draw_prizes" WHERE "prize_type" = 'balance' AND NOT "archived" GROUP BY "activity_id"
) s
WHERE s."activity_id" = a."id";
--> statement-breakpoint
-- Putting such a pool into play is a sensitive operation: verified as a balance adjustment is, by the same verifiers.
INSERT INTO "verify_configs" ("type", "enabled", "updated_by", "updated_at")
SELECT 'modify_draw_balance_pool', "enabled", "updated_by", now() FROM "verify_configs" WHERE "type" = 'modify_user_amount'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "verify_subjects" ("type", "admin_id")
SELECT 'modify_draw_balance_pool', "admin_id" FROM "verify_subjects" WHERE "type" = 'modify_user_amount'
ON CONFLICT DO NOTHING;
