ALTER TABLE "devices" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "public_key_set_at" timestamp with time zone;