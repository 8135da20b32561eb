CREATE TYPE "public"."project_plan" AS ENUM('basic', 'pro');--> statement-breakpoint
ALTER TABLE "tax_categories" DROP CONSTRAINT "tax_categories_project_code_key";--> statement-breakpoint
ALTER TABLE "tax_categories" ALTER COLUMN "percentage" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "tax_categories" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "plan" "project_plan" DEFAULT 'basic' NOT NULL;--> statement-breakpoint
-- Hand-written: before this migration two live categories of a company could share a code (two teams with account
-- code 4030, issue 11). Of such categories the oldest keeps the code; each later one gets its code with a dash and
-- 8 characters of its id (still at most 20 characters of letters, digits and dashes), and a team category's team
-- gets the same account code, since the team's category mirrors it. The unique index below can then be built.
WITH "ranked" AS (
  SELECT "id", "code", row_number() OVER (PARTITION BY "project_id", "code" ORDER BY "created_at", "id") AS "n"
  FROM "categories" WHERE "deleted_at" IS NULL
), "renamed" AS (
  UPDATE "categories" AS "c"
  SET "code" = left("ranked"."code", 11) || '-' || left(replace("c"."id"::text, '-', ''), 8), "updated_at" = now()
  FROM "ranked" WHERE "ranked"."id" = "c"."id" AND "ranked"."n" > 1
  RETURNING "c"."id", "c"."code"
)
UPDATE "teams" SET "account_code" = "renamed"."code", "updated_at" = now()
FROM "renamed" WHERE "teams"."category_id" = "renamed"."id";--> statement-breakpoint
-- Hand-written: every company has the Icelandic VAT rates (24% and 11% Peppol S, 0% Peppol Z); those that have no
-- tax category yet get them.
INSERT INTO "tax_categories" ("project_id", "code", "peppol_code", "percentage")
SELECT "p"."id", "v"."code", "v"."peppol_code", "v"."percentage"
FROM "projects" AS "p"
CROSS JOIN (VALUES ('VSK24', 'S', 24.00), ('VSK11', 'S', 11.00), ('VSK0', 'Z', 0.00)) AS "v" ("code", "peppol_code", "percentage")
WHERE NOT EXISTS (SELECT 1 FROM "tax_categories" AS "t" WHERE "t"."project_id" = "p"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_project_code_live_key" ON "categories" USING btree ("project_id","code") WHERE "categories"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_categories_project_code_live_key" ON "tax_categories" USING btree ("project_id","code") WHERE "tax_categories"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "tax_categories" ADD CONSTRAINT "tax_categories_peppol_code" CHECK ("tax_categories"."peppol_code" in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O'));
