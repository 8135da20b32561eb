CREATE TABLE "receipt_suggestions" (
	"project_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rejected_at" timestamp with time zone,
	"rejected_by" uuid,
	CONSTRAINT "receipt_suggestions_pkey" PRIMARY KEY("project_id","receipt_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "receipts_mailbox" text DEFAULT ('k' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 11)) NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "matched_by" jsonb;--> statement-breakpoint
ALTER TABLE "receipt_suggestions" ADD CONSTRAINT "receipt_suggestions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_suggestions" ADD CONSTRAINT "receipt_suggestions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_suggestions" ADD CONSTRAINT "receipt_suggestions_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_suggestions" ADD CONSTRAINT "receipt_suggestions_receipt_fk" FOREIGN KEY ("project_id","receipt_id") REFERENCES "public"."receipts"("project_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_suggestions_transaction_idx" ON "receipt_suggestions" USING btree ("project_id","transaction_id") WHERE "receipt_suggestions"."rejected_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "projects_receipts_mailbox_key" ON "projects" USING btree ("receipts_mailbox");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_project_email_content_key" ON "receipts" USING btree ("project_id","content_hash") WHERE "receipts"."source" = 'email' and "receipts"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_receipts_mailbox_form" CHECK ("projects"."receipts_mailbox" ~ '^[a-z0-9][a-z0-9.-]{1,39}$');--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_source_known" CHECK ("receipts"."source" in ('upload', 'email'));--> statement-breakpoint
-- The demo companies had addresses of the form kvittanir+<name>@kort.is: their mailboxes keep the name.
UPDATE "projects" SET "receipts_mailbox" = lower(substring("receipts_email" from '\+([A-Za-z0-9.-]{2,40})@'))
 WHERE "receipts_email" ~ '\+[A-Za-z0-9][A-Za-z0-9.-]{1,39}@';--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "receipts_email";
