CREATE TABLE "fx_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" text NOT NULL,
	"isk_per_unit_micros" bigint NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_valid_from_key" UNIQUE("currency","valid_from"),
	CONSTRAINT "fx_rates_positive" CHECK ("fx_rates"."isk_per_unit_micros" > 0)
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "pan_lookup" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_of_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_of_transaction_id_transactions_id_fk" FOREIGN KEY ("refund_of_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_pan_lookup_key" ON "cards" USING btree ("pan_lookup");--> statement-breakpoint
CREATE INDEX "transactions_refund_of_idx" ON "transactions" USING btree ("refund_of_transaction_id");