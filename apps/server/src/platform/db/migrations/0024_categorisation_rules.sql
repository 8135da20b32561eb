CREATE TABLE "categorisation_proposals" (
	"project_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"merchant_key" text NOT NULL,
	"merchant_name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"tax_category_id" uuid,
	"dimension_value_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"transaction_count" integer NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"rule_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categorisation_proposals_pkey" PRIMARY KEY("project_id","id"),
	CONSTRAINT "categorisation_proposals_status" CHECK ("categorisation_proposals"."status" in ('PROPOSED', 'ACCEPTED', 'DISMISSED'))
);
--> statement-breakpoint
CREATE TABLE "categorisation_rules" (
	"project_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"match_kind" text NOT NULL,
	"pattern" text NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"tax_category_id" uuid,
	"dimension_value_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"source" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "categorisation_rules_pkey" PRIMARY KEY("project_id","id"),
	CONSTRAINT "categorisation_rules_match_kind" CHECK ("categorisation_rules"."match_kind" in ('MERCHANT', 'MCC')),
	CONSTRAINT "categorisation_rules_source" CHECK ("categorisation_rules"."source" in ('DEFAULT', 'ACCEPTED', 'MANUAL'))
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "merchant_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "categorised_by_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "categorisation_proposals" ADD CONSTRAINT "categorisation_proposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_proposals" ADD CONSTRAINT "categorisation_proposals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_proposals" ADD CONSTRAINT "categorisation_proposals_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_proposals" ADD CONSTRAINT "categorisation_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_proposals" ADD CONSTRAINT "categorisation_proposals_rule_fk" FOREIGN KEY ("project_id","rule_id") REFERENCES "public"."categorisation_rules"("project_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categorisation_proposals_project_merchant_open_key" ON "categorisation_proposals" USING btree ("project_id","merchant_key") WHERE "categorisation_proposals"."status" = 'PROPOSED';--> statement-breakpoint
CREATE INDEX "categorisation_proposals_project_merchant_idx" ON "categorisation_proposals" USING btree ("project_id","merchant_key");--> statement-breakpoint
CREATE INDEX "categorisation_proposals_category_idx" ON "categorisation_proposals" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorisation_rules_project_pattern_live_key" ON "categorisation_rules" USING btree ("project_id","match_kind","pattern") WHERE "categorisation_rules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "categorisation_rules_category_idx" ON "categorisation_rules" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "categorisation_rules_tax_category_idx" ON "categorisation_rules" USING btree ("tax_category_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_categorised_by_rule_fk" FOREIGN KEY ("project_id","categorised_by_rule_id") REFERENCES "public"."categorisation_rules"("project_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_project_merchant_key_category_idx" ON "transactions" USING btree ("project_id","merchant_key","category_id") WHERE "transactions"."merchant_key" is not null;