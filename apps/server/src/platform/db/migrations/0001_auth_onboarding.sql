CREATE TABLE "rate_limit_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "company_kennitala" text;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "steps" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboardings" ADD COLUMN "privacy_accepted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_created_idx" ON "rate_limit_hits" USING btree ("key","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_created_idx" ON "rate_limit_hits" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboardings_invite_idx" ON "onboardings" USING btree ("invite_id");--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_company_kennitala_digits" CHECK ("onboardings"."company_kennitala" ~ '^[0-9]{10}$');--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_steps_known" CHECK ("onboardings"."steps" in (4, 5));