-- Only rows that have an export, a category or a refunded purchase are indexed by them: every lookup by one of these
-- (the references' cascades, a category's use) names a value, which is never null. A card decision's pending ledger
-- row has none of the three, so it no longer writes three index entries of nulls (docs/balances.md, "Batches").
DROP INDEX "transactions_latest_export_idx";--> statement-breakpoint
DROP INDEX "transactions_category_idx";--> statement-breakpoint
DROP INDEX "transactions_refund_of_idx";--> statement-breakpoint
CREATE INDEX "transactions_latest_export_idx" ON "transactions" USING btree ("latest_export_id") WHERE "transactions"."latest_export_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_category_idx" ON "transactions" USING btree ("category_id") WHERE "transactions"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_refund_of_idx" ON "transactions" USING btree ("refund_of_transaction_id") WHERE "transactions"."refund_of_transaction_id" is not null;