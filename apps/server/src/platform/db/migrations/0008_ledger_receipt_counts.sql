ALTER TABLE "transactions" ADD COLUMN "receipt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_project_receiptless_idx" ON "transactions" USING btree ("project_id","transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."receipt_count" = 0 and "transactions"."transaction_amount" > 0;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_receipt_count_non_negative" CHECK ("transactions"."receipt_count" >= 0);--> statement-breakpoint
-- transactions.receipt_count follows receipts in the statement that changes them: statement triggers with
-- transition tables add each transaction's change in live receipts (one UPDATE per statement, however many
-- receipts it touched). Increments, not recounts: two statements racing on one transaction each add their own
-- change under the row lock, where a recount could read a snapshot without the other's receipt.
CREATE FUNCTION "add_receipt_counts"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE "transactions" t SET "receipt_count" = t."receipt_count" + d."n"
    FROM (SELECT (e ->> 'id')::uuid AS "id", sum((e ->> 'n')::int) AS "n"
            FROM jsonb_array_elements(changes) e GROUP BY 1) d
   WHERE t."id" = d."id" AND d."n" <> 0;
$$;
--> statement-breakpoint
CREATE FUNCTION "receipts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_receipt_counts"(coalesce((SELECT jsonb_agg(jsonb_build_object('id', "transaction_id", 'n', 1))
    FROM "inserted" WHERE "transaction_id" IS NOT NULL AND "deleted_at" IS NULL), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "receipts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_receipt_counts"(coalesce((SELECT jsonb_agg(jsonb_build_object('id', "transaction_id", 'n', -1))
    FROM "deleted" WHERE "transaction_id" IS NOT NULL AND "deleted_at" IS NULL), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "receipts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "add_receipt_counts"(coalesce((SELECT jsonb_agg(c) FROM (
    SELECT jsonb_build_object('id', "transaction_id", 'n', -1) c FROM "before"
     WHERE "transaction_id" IS NOT NULL AND "deleted_at" IS NULL
    UNION ALL
    SELECT jsonb_build_object('id', "transaction_id", 'n', 1) FROM "after"
     WHERE "transaction_id" IS NOT NULL AND "deleted_at" IS NULL) changes), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "receipts_count_insert" AFTER INSERT ON "receipts" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "receipts_count_delete" AFTER DELETE ON "receipts" REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "receipts_count_update" AFTER UPDATE ON "receipts" REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "receipts_updated"();
