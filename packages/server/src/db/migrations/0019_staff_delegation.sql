-- Issue #28 (staff delegation). Demo mode: each role's own demo account (demoSwitch opens sessions of it, never
-- another person's); 敏感操作验证 is the super admin's alone, so no role keeps its route.
ALTER TABLE "admins" ADD COLUMN "demo_role" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "admins_demo_role_key" ON "admins" ("demo_role") WHERE "demo_role" is not null;
--> statement-breakpoint
DELETE FROM "role_routes" WHERE "route_path" = '/systemManage/verifyConfig';
