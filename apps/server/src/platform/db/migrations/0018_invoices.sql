CREATE TABLE "invoice_lines" (
	"project_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"team_id" uuid,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_count" integer NOT NULL,
	CONSTRAINT "invoice_lines_pkey" PRIMARY KEY("project_id","invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoice_number_series" (
	"issuer_kennitala" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_number_series_pkey" PRIMARY KEY("issuer_kennitala","year")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issuer_kennitala" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "parties" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "locale" text DEFAULT 'is-IS' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("project_id","invoice_id") REFERENCES "public"."invoices"("project_id","id") ON DELETE cascade ON UPDATE no action;