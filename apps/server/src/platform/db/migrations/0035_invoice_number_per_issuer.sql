-- An invoice number is unique in its series, the issuer's of the year (invoice_number_series), not across the
-- platform: when the operator's kennitala changes, the new issuer's series starts at 1 again, and under the old key
-- its first invoice of the year was refused as a duplicate of the old issuer's. Added before the old key goes.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issuer_number_key" UNIQUE("issuer_kennitala","number");--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_number_unique";
