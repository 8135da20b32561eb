CREATE TABLE "receipt_readings" (
	"project_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text,
	"total_amount" bigint,
	"purchase_date" date,
	"kennitala" text,
	"last_four" text,
	"merchant" text,
	"vat" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"proposed_tax_category_id" uuid,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipt_readings_pkey" PRIMARY KEY("project_id","receipt_id"),
	CONSTRAINT "receipt_readings_status_known" CHECK ("receipt_readings"."status" in ('read', 'unread')),
	CONSTRAINT "receipt_readings_source_known" CHECK ("receipt_readings"."source" is null or "receipt_readings"."source" in ('pdf_text', 'ocr'))
);
--> statement-breakpoint
ALTER TABLE "receipt_readings" ADD CONSTRAINT "receipt_readings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_readings" ADD CONSTRAINT "receipt_readings_receipt_fk" FOREIGN KEY ("project_id","receipt_id") REFERENCES "public"."receipts"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_created_idx" ON "receipts" USING btree ("created_at") WHERE "receipts"."deleted_at" is null;