CREATE TABLE "card_designs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image_key" text NOT NULL,
	"thumbnail_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_designs_pkey" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_type_designs" (
	"project_id" uuid NOT NULL,
	"card_type" "card_type" NOT NULL,
	"design_id" uuid NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_type_designs_pkey" PRIMARY KEY("project_id","card_type")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_project_id" uuid,
	"redeemed_company_name" text,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "referrals_pkey" PRIMARY KEY("project_id","id")
);
--> statement-breakpoint
ALTER TABLE "card_designs" ADD CONSTRAINT "card_designs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_designs" ADD CONSTRAINT "card_designs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_type_designs" ADD CONSTRAINT "card_type_designs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_type_designs" ADD CONSTRAINT "card_type_designs_design_fk" FOREIGN KEY ("project_id","design_id") REFERENCES "public"."card_designs"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_redeemed_project_id_projects_id_fk" FOREIGN KEY ("redeemed_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_designs_project_created_idx" ON "card_designs" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "card_type_designs_design_idx" ON "card_type_designs" USING btree ("project_id","design_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_code_hash_key" ON "referrals" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_redeemed_project_key" ON "referrals" USING btree ("redeemed_project_id") WHERE "referrals"."redeemed_project_id" is not null;--> statement-breakpoint
CREATE INDEX "referrals_project_created_idx" ON "referrals" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);