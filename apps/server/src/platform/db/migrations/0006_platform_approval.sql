CREATE TYPE "public"."approval_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "approval_status" "approval_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "is_platform_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: before this migration anyone could sign up as an existing company (issue 9). Of several projects
-- with one kennitala the oldest keeps it; the later ones are set aside as rejected and disabled, so the unique index
-- below can be built on a database that already holds such duplicates.
UPDATE "projects" SET "approval_status" = 'rejected', "enabled" = false, "decided_at" = now(), "updated_at" = now()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "kennitala" ORDER BY "created_at", "id") AS "n" FROM "projects"
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "projects_kennitala_key" ON "projects" USING btree ("kennitala") WHERE "projects"."approval_status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "projects_pending_idx" ON "projects" USING btree ("created_at","id") WHERE "projects"."approval_status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "projects_platform_operator_key" ON "projects" USING btree ("is_platform_operator") WHERE "projects"."is_platform_operator";--> statement-breakpoint
CREATE INDEX "users_locked_idx" ON "users" USING btree ("updated_at","id") WHERE "users"."locked_permanently" or "users"."locked_until" is not null;