-- Keys that lead with the company (docs/scaling.md): every primary and unique key of these tenant tables now
-- includes project_id, as a database distributed by project_id (Citus) requires. Constraints only; no row changes.
-- Tables that other tables' foreign keys point at keep their `id` keys until those keys become composite too.
ALTER TABLE "card_limits" DROP CONSTRAINT "card_limits_pkey";--> statement-breakpoint
ALTER TABLE "card_limits" ADD CONSTRAINT "card_limits_pkey" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pkey" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_pkey" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "project_members" DROP CONSTRAINT "project_members_pkey";--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_pkey" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_pkey";--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_pkey" PRIMARY KEY("project_id","id");--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_pkey";--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_pkey" PRIMARY KEY("project_id","team_id","user_id");--> statement-breakpoint
ALTER TABLE "team_visible_categories" DROP CONSTRAINT "team_visible_categories_pkey";--> statement-breakpoint
ALTER TABLE "team_visible_categories" ADD CONSTRAINT "team_visible_categories_pkey" PRIMARY KEY("project_id","team_id","category_id");--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" DROP CONSTRAINT "transaction_dimension_values_pkey";--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_pkey" PRIMARY KEY("project_id","transaction_id","dimension_id");--> statement-breakpoint
CREATE UNIQUE INDEX "authorizations_project_card_network_reference_key" ON "authorizations" USING btree ("project_id","card_id","network_reference");--> statement-breakpoint
DROP INDEX "authorizations_card_network_reference_key";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_project_authorization_key" ON "transactions" USING btree ("project_id","authorization_id");--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_authorization_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_project_card_network_reference_key" ON "transactions" USING btree ("project_id","card_id","network_reference");--> statement-breakpoint
DROP INDEX "transactions_card_network_reference_key";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_user_dedupe_key" UNIQUE("project_id","user_id","dedupe_key");--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_dedupe_key";
