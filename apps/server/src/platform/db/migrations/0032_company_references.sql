-- References between two rows of one company name the company on both sides (docs/scaling.md, "Distributing by
-- company"): (project_id, team_id) -> teams (project_id, id) instead of team_id -> teams (id). A card's team, a
-- transaction's card or category, a receipt's transaction can then never be another company's, and a database
-- distributed by project_id can keep the pair on one node. The referenced tables' primary keys become (id, project_id):
-- id first, so the calls that name a row by its id alone (the network's reversal, clearing and refund) keep their
-- index and no table gains one; a foreign key matches a key's columns in any order. invites keeps its key on id: a
-- sign-up (onboardings, no company yet) refers to it.
--
-- Written by hand after drizzle-kit generate: a nullable reference set null on delete nulls its own column only,
-- ON DELETE SET NULL (team_id) (PostgreSQL 15), which Drizzle cannot declare; its plain SET NULL would null
-- project_id too. app/company-references.test.ts checks every such key in the database.
ALTER TABLE "categories" DROP CONSTRAINT "categories_default_tax_category_id_tax_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "category_dimensions" DROP CONSTRAINT "category_dimensions_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "category_dimensions" DROP CONSTRAINT "category_dimensions_dimension_id_dimensions_id_fk";
--> statement-breakpoint
ALTER TABLE "dimension_values" DROP CONSTRAINT "dimension_values_dimension_id_dimensions_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "card_limits" DROP CONSTRAINT "card_limits_card_id_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "cards" DROP CONSTRAINT "cards_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "cards" DROP CONSTRAINT "cards_default_transaction_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "categorisation_proposals" DROP CONSTRAINT "categorisation_proposals_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "categorisation_proposals" DROP CONSTRAINT "categorisation_proposals_tax_category_id_tax_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "categorisation_rules" DROP CONSTRAINT "categorisation_rules_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "categorisation_rules" DROP CONSTRAINT "categorisation_rules_tax_category_id_tax_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "export_batches" DROP CONSTRAINT "export_batches_export_id_exports_id_fk";
--> statement-breakpoint
ALTER TABLE "exports" DROP CONSTRAINT "exports_scheduled_export_id_scheduled_exports_id_fk";
--> statement-breakpoint
ALTER TABLE "invites" DROP CONSTRAINT "invites_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "authorizations" DROP CONSTRAINT "authorizations_card_id_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "authorizations" DROP CONSTRAINT "authorizations_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "card_merchant_controls" DROP CONSTRAINT "card_merchant_controls_card_id_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "team_members" DROP CONSTRAINT "team_members_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "team_visible_categories" DROP CONSTRAINT "team_visible_categories_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "team_visible_categories" DROP CONSTRAINT "team_visible_categories_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "receipt_suggestions" DROP CONSTRAINT "receipt_suggestions_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "receipts" DROP CONSTRAINT "receipts_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" DROP CONSTRAINT "transaction_dimension_values_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" DROP CONSTRAINT "transaction_dimension_values_dimension_id_dimensions_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" DROP CONSTRAINT "transaction_dimension_values_dimension_value_id_dimension_values_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_card_id_cards_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_authorization_id_authorizations_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_tax_category_id_tax_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_team_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_refund_of_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_latest_export_id_exports_id_fk";
--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_pkey", ADD CONSTRAINT "categories_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "dimension_values" DROP CONSTRAINT "dimension_values_pkey", ADD CONSTRAINT "dimension_values_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "dimensions" DROP CONSTRAINT "dimensions_pkey", ADD CONSTRAINT "dimensions_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "tax_categories" DROP CONSTRAINT "tax_categories_pkey", ADD CONSTRAINT "tax_categories_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "cards" DROP CONSTRAINT "cards_pkey", ADD CONSTRAINT "cards_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "exports" DROP CONSTRAINT "exports_pkey", ADD CONSTRAINT "exports_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "scheduled_exports" DROP CONSTRAINT "scheduled_exports_pkey", ADD CONSTRAINT "scheduled_exports_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "authorizations" DROP CONSTRAINT "authorizations_pkey", ADD CONSTRAINT "authorizations_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_pkey", ADD CONSTRAINT "teams_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_pkey", ADD CONSTRAINT "transactions_pkey" PRIMARY KEY ("id", "project_id");
--> statement-breakpoint
ALTER TABLE "category_dimensions" DROP CONSTRAINT "category_dimensions_pkey",
  ADD CONSTRAINT "category_dimensions_pkey" PRIMARY KEY ("project_id", "category_id", "dimension_id");
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_default_tax_category_fk"
  FOREIGN KEY ("project_id", "default_tax_category_id") REFERENCES "tax_categories" ("project_id", "id") ON DELETE SET NULL ("default_tax_category_id");
--> statement-breakpoint
ALTER TABLE "category_dimensions" ADD CONSTRAINT "category_dimensions_category_fk"
  FOREIGN KEY ("project_id", "category_id") REFERENCES "categories" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "category_dimensions" ADD CONSTRAINT "category_dimensions_dimension_fk"
  FOREIGN KEY ("project_id", "dimension_id") REFERENCES "dimensions" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "dimension_values" ADD CONSTRAINT "dimension_values_dimension_fk"
  FOREIGN KEY ("project_id", "dimension_id") REFERENCES "dimensions" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_team_fk"
  FOREIGN KEY ("project_id", "team_id") REFERENCES "teams" ("project_id", "id") ON DELETE SET NULL ("team_id");
--> statement-breakpoint
ALTER TABLE "card_limits" ADD CONSTRAINT "card_limits_card_fk"
  FOREIGN KEY ("project_id", "card_id") REFERENCES "cards" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_team_fk"
  FOREIGN KEY ("project_id", "team_id") REFERENCES "teams" ("project_id", "id") ON DELETE SET NULL ("team_id");
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_default_category_fk"
  FOREIGN KEY ("project_id", "default_transaction_category_id") REFERENCES "categories" ("project_id", "id") ON DELETE SET NULL ("default_transaction_category_id");
--> statement-breakpoint
ALTER TABLE "categorisation_proposals" ADD CONSTRAINT "categorisation_proposals_category_fk"
  FOREIGN KEY ("project_id", "category_id") REFERENCES "categories" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "categorisation_proposals" ADD CONSTRAINT "categorisation_proposals_tax_category_fk"
  FOREIGN KEY ("project_id", "tax_category_id") REFERENCES "tax_categories" ("project_id", "id") ON DELETE SET NULL ("tax_category_id");
--> statement-breakpoint
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_category_fk"
  FOREIGN KEY ("project_id", "category_id") REFERENCES "categories" ("project_id", "id") ON DELETE SET NULL ("category_id");
--> statement-breakpoint
ALTER TABLE "categorisation_rules" ADD CONSTRAINT "categorisation_rules_tax_category_fk"
  FOREIGN KEY ("project_id", "tax_category_id") REFERENCES "tax_categories" ("project_id", "id") ON DELETE SET NULL ("tax_category_id");
--> statement-breakpoint
ALTER TABLE "export_batches" ADD CONSTRAINT "export_batches_export_fk"
  FOREIGN KEY ("project_id", "export_id") REFERENCES "exports" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_scheduled_export_fk"
  FOREIGN KEY ("project_id", "scheduled_export_id") REFERENCES "scheduled_exports" ("project_id", "id") ON DELETE SET NULL ("scheduled_export_id");
--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_team_fk"
  FOREIGN KEY ("project_id", "team_id") REFERENCES "teams" ("project_id", "id") ON DELETE SET NULL ("team_id");
--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_card_fk"
  FOREIGN KEY ("project_id", "card_id") REFERENCES "cards" ("project_id", "id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_team_fk"
  FOREIGN KEY ("project_id", "team_id") REFERENCES "teams" ("project_id", "id") ON DELETE SET NULL ("team_id");
--> statement-breakpoint
ALTER TABLE "card_merchant_controls" ADD CONSTRAINT "card_merchant_controls_card_fk"
  FOREIGN KEY ("project_id", "card_id") REFERENCES "cards" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_fk"
  FOREIGN KEY ("project_id", "team_id") REFERENCES "teams" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "team_visible_categories" ADD CONSTRAINT "team_visible_categories_team_fk"
  FOREIGN KEY ("project_id", "team_id") REFERENCES "teams" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "team_visible_categories" ADD CONSTRAINT "team_visible_categories_category_fk"
  FOREIGN KEY ("project_id", "category_id") REFERENCES "categories" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_category_fk"
  FOREIGN KEY ("project_id", "category_id") REFERENCES "categories" ("project_id", "id") ON DELETE SET NULL ("category_id");
--> statement-breakpoint
ALTER TABLE "receipt_suggestions" ADD CONSTRAINT "receipt_suggestions_transaction_fk"
  FOREIGN KEY ("project_id", "transaction_id") REFERENCES "transactions" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_transaction_fk"
  FOREIGN KEY ("project_id", "transaction_id") REFERENCES "transactions" ("project_id", "id") ON DELETE SET NULL ("transaction_id");
--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_transaction_fk"
  FOREIGN KEY ("project_id", "transaction_id") REFERENCES "transactions" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_dimension_fk"
  FOREIGN KEY ("project_id", "dimension_id") REFERENCES "dimensions" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_value_fk"
  FOREIGN KEY ("project_id", "dimension_value_id") REFERENCES "dimension_values" ("project_id", "id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_card_fk"
  FOREIGN KEY ("project_id", "card_id") REFERENCES "cards" ("project_id", "id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_team_fk"
  FOREIGN KEY ("project_id", "team_id") REFERENCES "teams" ("project_id", "id") ON DELETE SET NULL ("team_id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_authorization_fk"
  FOREIGN KEY ("project_id", "authorization_id") REFERENCES "authorizations" ("project_id", "id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_fk"
  FOREIGN KEY ("project_id", "category_id") REFERENCES "categories" ("project_id", "id") ON DELETE SET NULL ("category_id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_tax_category_fk"
  FOREIGN KEY ("project_id", "tax_category_id") REFERENCES "tax_categories" ("project_id", "id") ON DELETE SET NULL ("tax_category_id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_team_category_fk"
  FOREIGN KEY ("project_id", "team_category_id") REFERENCES "categories" ("project_id", "id") ON DELETE SET NULL ("team_category_id");
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_of_fk"
  FOREIGN KEY ("project_id", "refund_of_transaction_id") REFERENCES "transactions" ("project_id", "id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_latest_export_fk"
  FOREIGN KEY ("project_id", "latest_export_id") REFERENCES "exports" ("project_id", "id") ON DELETE SET NULL ("latest_export_id");
