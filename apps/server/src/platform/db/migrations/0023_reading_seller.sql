ALTER TABLE "receipt_readings" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "receipt_readings" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "receipt_readings" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "receipt_readings" ADD COLUMN "city" text;