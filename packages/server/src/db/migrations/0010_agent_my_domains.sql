-- The agent terminal's 我的域名 page is now the main-domain list (main_domains), the same rows the agent pages show.
-- Rows kept under the old free-form section move there when they hold a valid domain; the section is then emptied.
INSERT INTO "main_domains" ("agent_id", "domain", "status", "remark", "created_at", "updated_at")
SELECT NULL, lower(trim("value"->>'domain')), "status", left("name", 200), "created_at", "updated_at"
FROM "agent_terminal_items"
WHERE "section" = 'myDomain' AND lower(trim(coalesce("value"->>'domain', ''))) ~ '^([a-z0-9-]+\.)+[a-z]{2,}$'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "agent_terminal_items" WHERE "section" = 'myDomain';
