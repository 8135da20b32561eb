CREATE TABLE "export_items" (
	"project_id" uuid NOT NULL,
	"export_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	CONSTRAINT "export_items_pkey" PRIMARY KEY("project_id","export_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "leave_out_unfit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "locale" text DEFAULT 'is-IS' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_items" ADD CONSTRAINT "export_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_items" ADD CONSTRAINT "export_items_export_id_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_unfinished_idx" ON "exports" USING btree ("updated_at") WHERE "exports"."status" in ('created', 'pending', 'started');