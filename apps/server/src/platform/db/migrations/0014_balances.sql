ALTER TYPE "public"."authorization_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"project_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"settled" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_balances_pkey" PRIMARY KEY("project_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "spend_balances" (
	"project_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" char(1) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"atm_sum" bigint DEFAULT 0 NOT NULL,
	"atm_count" integer DEFAULT 0 NOT NULL,
	"retail_sum" bigint DEFAULT 0 NOT NULL,
	"retail_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spend_balances_pkey" PRIMARY KEY("project_id","owner_id","kind","starts_at"),
	CONSTRAINT "spend_balances_kind" CHECK ("spend_balances"."kind" in ('D', 'W', 'M', 'Y', 'L', 'H'))
);
--> statement-breakpoint
ALTER TABLE "authorizations" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "capture_excess" bigint;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_balances" ADD CONSTRAINT "spend_balances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorizations_pending_created_idx" ON "authorizations" USING btree ("created_at") WHERE "authorizations"."status" = 'pending';--> statement-breakpoint
-- Running balances (issue 13, docs/balances.md), written by hand below the generated part. Every row of
-- authorizations (pending) and transactions (settled) is a spend entry; statement triggers post the entries a
-- statement adds and removes to spend_balances and credit_balances in the same database transaction, so the
-- balances change exactly when their cause commits. Windows are UTC, as processor/periods.ts computes them.
CREATE FUNCTION "kort_billing_start"("at" timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (date_trunc('month', "at" AT TIME ZONE 'UTC')
          - CASE WHEN extract(day FROM "at" AT TIME ZONE 'UTC') >= 27 THEN interval '0' ELSE interval '1 month' END
          + interval '26 days') AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
CREATE FUNCTION "kort_spend_windows"("at" timestamptz)
  RETURNS TABLE ("kind" char(1), "starts_at" timestamptz) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.k, w.s FROM (VALUES
    ('D'::char(1), date_trunc('day', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
    ('W'::char(1), date_trunc('week', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
    ('M'::char(1), "kort_billing_start"("at")),
    ('Y'::char(1), date_trunc('year', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
    ('L'::char(1), timestamptz '1970-01-01 00:00:00+00'),
    ('H'::char(1), date_trunc('hour', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')) w(k, s)
$$;
--> statement-breakpoint
-- One entry: `amount` and `purchase` carry their sign (an entry leaving the books is negative).
CREATE TYPE "spend_entry" AS (
  "project_id" uuid, "card_id" uuid, "team_id" uuid, "at" timestamptz, "amount" bigint, "atm" boolean,
  "purchase" integer, "settled" boolean
);
--> statement-breakpoint
-- What entries add to each balance row, summed per row; teams keep only the day, week and billing period.
CREATE FUNCTION "kort_spend_deltas"("entries" "spend_entry"[])
  RETURNS TABLE ("project_id" uuid, "owner_id" uuid, "kind" char(1), "starts_at" timestamptz, "atm_sum" bigint,
                 "atm_count" integer, "retail_sum" bigint, "retail_count" integer)
  LANGUAGE sql STABLE AS $$
  SELECT s.project_id, s.owner_id, s.kind, s.starts_at,
         coalesce(sum(s.amount) FILTER (WHERE s.atm), 0)::bigint,
         coalesce(sum(s.purchase) FILTER (WHERE s.atm), 0)::integer,
         coalesce(sum(s.amount) FILTER (WHERE NOT s.atm), 0)::bigint,
         coalesce(sum(s.purchase) FILTER (WHERE NOT s.atm), 0)::integer
    FROM (SELECT e.project_id, o.owner_id, w.kind, w.starts_at, e.amount, e.atm, e.purchase
            FROM unnest("entries") e
           CROSS JOIN LATERAL (VALUES (e.card_id, false), (e.team_id, true)) o(owner_id, is_team)
           CROSS JOIN LATERAL "kort_spend_windows"(e.at) w
           WHERE o.owner_id IS NOT NULL AND (NOT o.is_team OR w.kind IN ('D', 'W', 'M'))) s
   GROUP BY s.project_id, s.owner_id, s.kind, s.starts_at
$$;
--> statement-breakpoint
-- Settled entries by the billing period of their date; pending ones reserve on the '-infinity' row.
CREATE FUNCTION "kort_credit_deltas"("entries" "spend_entry"[])
  RETURNS TABLE ("project_id" uuid, "period_start" timestamptz, "settled" bigint, "reserved" bigint)
  LANGUAGE sql STABLE AS $$
  SELECT e.project_id, CASE WHEN e.settled THEN "kort_billing_start"(e.at) ELSE timestamptz '-infinity' END,
         coalesce(sum(e.amount) FILTER (WHERE e.settled), 0)::bigint,
         coalesce(sum(e.amount) FILTER (WHERE NOT e.settled), 0)::bigint
    FROM unnest("entries") e
   GROUP BY 1, 2
$$;
--> statement-breakpoint
-- Posts entries. Rows are written in key order, so two transactions posting to the same rows never wait on
-- each other in a circle; rows whose deltas cancel out are not touched.
CREATE FUNCTION "kort_post_spend"("entries" "spend_entry"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "entries" IS NULL OR cardinality("entries") = 0 THEN RETURN; END IF;
  INSERT INTO "spend_balances" AS b ("project_id", "owner_id", "kind", "starts_at", "atm_sum", "atm_count",
                                     "retail_sum", "retail_count")
  SELECT d.project_id, d.owner_id, d.kind, d.starts_at, d.atm_sum, d.atm_count, d.retail_sum, d.retail_count
    FROM "kort_spend_deltas"("entries") d
   WHERE d.atm_sum <> 0 OR d.atm_count <> 0 OR d.retail_sum <> 0 OR d.retail_count <> 0
   ORDER BY d.project_id, d.owner_id, d.kind, d.starts_at
  ON CONFLICT ("project_id", "owner_id", "kind", "starts_at") DO UPDATE
     SET "atm_sum" = b.atm_sum + excluded.atm_sum, "atm_count" = b.atm_count + excluded.atm_count,
         "retail_sum" = b.retail_sum + excluded.retail_sum, "retail_count" = b.retail_count + excluded.retail_count;
  INSERT INTO "credit_balances" AS c ("project_id", "period_start", "settled", "reserved")
  SELECT d.project_id, d.period_start, d.settled, d.reserved
    FROM "kort_credit_deltas"("entries") d
   WHERE d.settled <> 0 OR d.reserved <> 0
   ORDER BY d.project_id, d.period_start
  ON CONFLICT ("project_id", "period_start") DO UPDATE
     SET "settled" = c.settled + excluded.settled, "reserved" = c.reserved + excluded.reserved;
END $$;
--> statement-breakpoint
-- What counts (as processor/spend.repo.ts counted it): a pending authorization by the time it was made, a settled
-- transaction by its transaction date (a clearing's is its authorization's time); refunds are negative and no
-- purchase; reversed, expired, declined and cleared authorizations and unsettled transactions count nothing.
CREATE FUNCTION "kort_authorization_entry"(a "authorizations", sign integer) RETURNS "spend_entry"
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(a.project_id, a.card_id, a.team_id, a.created_at, sign * a.amount, a.mcc IN ('6010', '6011'), sign,
             false)::"spend_entry"
$$;
--> statement-breakpoint
CREATE FUNCTION "kort_transaction_entry"(t "transactions", sign integer) RETURNS "spend_entry"
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(t.project_id, t.card_id, t.team_id, t.transaction_date, sign * t.transaction_amount,
             coalesce(t.mcc IN ('6010', '6011'), false),
             CASE WHEN t.authorization_id IS NULL THEN 0 ELSE sign END, true)::"spend_entry"
$$;
--> statement-breakpoint
CREATE FUNCTION "authorizations_spend_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kort_post_spend"(ARRAY(SELECT "kort_authorization_entry"(n, 1) FROM "inserted" n WHERE n.status = 'pending'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "authorizations_spend_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kort_post_spend"(ARRAY(SELECT "kort_authorization_entry"(o, -1) FROM "deleted" o WHERE o.status = 'pending'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose counted fields changed are posted (an update of updated_at alone posts nothing).
CREATE FUNCTION "authorizations_spend_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kort_post_spend"(ARRAY(
    SELECT e FROM "before" o JOIN "after" n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES ("kort_authorization_entry"(o, -1), o.status = 'pending'),
                                ("kort_authorization_entry"(n, 1), n.status = 'pending')) v(e, counts)
     WHERE v.counts
       AND (o.status, o.amount, o.created_at, o.team_id, o.card_id, o.mcc, o.project_id)
           IS DISTINCT FROM (n.status, n.amount, n.created_at, n.team_id, n.card_id, n.mcc, n.project_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "transactions_spend_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kort_post_spend"(ARRAY(SELECT "kort_transaction_entry"(n, 1) FROM "inserted" n WHERE n.closed_at IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "transactions_spend_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kort_post_spend"(ARRAY(SELECT "kort_transaction_entry"(o, -1) FROM "deleted" o WHERE o.closed_at IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "transactions_spend_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "kort_post_spend"(ARRAY(
    SELECT e FROM "before" o JOIN "after" n ON n.id = o.id
     CROSS JOIN LATERAL (VALUES ("kort_transaction_entry"(o, -1), o.closed_at IS NOT NULL),
                                ("kort_transaction_entry"(n, 1), n.closed_at IS NOT NULL)) v(e, counts)
     WHERE v.counts
       AND (o.closed_at IS NULL, o.transaction_amount, o.transaction_date, o.team_id, o.card_id, o.mcc,
            o.authorization_id, o.project_id)
           IS DISTINCT FROM (n.closed_at IS NULL, n.transaction_amount, n.transaction_date, n.team_id, n.card_id,
                             n.mcc, n.authorization_id, n.project_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "authorizations_spend_insert" AFTER INSERT ON "authorizations" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "authorizations_spend_inserted"();
--> statement-breakpoint
CREATE TRIGGER "authorizations_spend_delete" AFTER DELETE ON "authorizations" REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "authorizations_spend_deleted"();
--> statement-breakpoint
CREATE TRIGGER "authorizations_spend_update" AFTER UPDATE ON "authorizations"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "authorizations_spend_updated"();
--> statement-breakpoint
CREATE TRIGGER "transactions_spend_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS "inserted"
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_spend_inserted"();
--> statement-breakpoint
CREATE TRIGGER "transactions_spend_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS "deleted"
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_spend_deleted"();
--> statement-breakpoint
CREATE TRIGGER "transactions_spend_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_spend_updated"();
--> statement-breakpoint
-- The source of truth: every entry of the raw rows of one company (or of all, for null).
CREATE FUNCTION "kort_ledger_spend_entries"("p" uuid) RETURNS SETOF "spend_entry" LANGUAGE sql STABLE AS $$
  SELECT "kort_authorization_entry"(a, 1) FROM "authorizations" a
   WHERE a.status = 'pending' AND ("p" IS NULL OR a.project_id = "p")
  UNION ALL
  SELECT "kort_transaction_entry"(t, 1) FROM "transactions" t
   WHERE t.closed_at IS NOT NULL AND ("p" IS NULL OR t.project_id = "p")
$$;
--> statement-breakpoint
-- The balances recomputed from the raw rows; the stored ones must equal these (rows of zero aside).
CREATE FUNCTION "kort_spend_balances_from_ledger"("p" uuid) RETURNS SETOF "spend_balances" LANGUAGE sql STABLE AS $$
  SELECT d.project_id, d.owner_id, d.kind, d.starts_at, d.atm_sum, d.atm_count, d.retail_sum, d.retail_count
    FROM "kort_spend_deltas"(ARRAY(SELECT "kort_ledger_spend_entries"("p"))) d
   WHERE d.atm_sum <> 0 OR d.atm_count <> 0 OR d.retail_sum <> 0 OR d.retail_count <> 0
$$;
--> statement-breakpoint
CREATE FUNCTION "kort_credit_balances_from_ledger"("p" uuid) RETURNS SETOF "credit_balances" LANGUAGE sql STABLE AS $$
  SELECT d.project_id, d.period_start, d.settled, d.reserved
    FROM "kort_credit_deltas"(ARRAY(SELECT "kort_ledger_spend_entries"("p"))) d
   WHERE d.settled <> 0 OR d.reserved <> 0
$$;
--> statement-breakpoint
-- Rebuilds a company's balances (or all, for null) from the raw rows: after rows were written with the triggers
-- off (the bench's COPY), or as a repair. The caller holds what keeps writers out (the company's row lock).
CREATE FUNCTION "kort_rebuild_balances"("p" uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "spend_balances" WHERE "p" IS NULL OR project_id = "p";
  DELETE FROM "credit_balances" WHERE "p" IS NULL OR project_id = "p";
  PERFORM "kort_post_spend"(ARRAY(SELECT "kort_ledger_spend_entries"("p")));
END $$;
--> statement-breakpoint
SELECT "kort_rebuild_balances"(NULL);
