CREATE TABLE "export_batches" (
	"project_id" uuid NOT NULL,
	"export_id" uuid NOT NULL,
	"batch" integer NOT NULL,
	"transaction_ids" uuid[] NOT NULL,
	CONSTRAINT "export_batches_pkey" PRIMARY KEY("project_id","export_id","batch")
);
--> statement-breakpoint
-- What earlier exports held stays their record: one batch each.
INSERT INTO "export_batches" ("project_id", "export_id", "batch", "transaction_ids")
SELECT "project_id", "export_id", 1, array_agg("transaction_id" ORDER BY "transaction_id")
  FROM "export_items" GROUP BY "project_id", "export_id";--> statement-breakpoint
DROP TABLE "export_items" CASCADE;--> statement-breakpoint
ALTER TABLE "export_batches" ADD CONSTRAINT "export_batches_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_batches" ADD CONSTRAINT "export_batches_export_id_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."exports"("id") ON DELETE cascade ON UPDATE no action;