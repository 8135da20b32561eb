ALTER TABLE "authorizations" DROP CONSTRAINT "authorizations_network_reference_unique";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "network_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "authorizations_card_network_reference_key" ON "authorizations" USING btree ("card_id","network_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_card_network_reference_key" ON "transactions" USING btree ("card_id","network_reference");