-- A card's limits by the company and the card, the decision's lookup, in one index (created before the two it
-- replaces go, so the previous release keeps an index for its reads meanwhile).
CREATE INDEX "card_limits_project_card_idx" ON "card_limits" USING btree ("project_id","card_id");--> statement-breakpoint
DROP INDEX "card_limits_card_idx";--> statement-breakpoint
DROP INDEX "card_limits_project_idx";--> statement-breakpoint
-- A card belongs to one company. Without being told, the planner multiplies the selectivity of `project_id = $1` by
-- that of `card_id = $2` as if they were independent, so with many companies "this company's rows of this card"
-- rounds to one row, and the network reference's key, (project_id, card_id, network_reference), then looks as narrow
-- for the card's rows of the last hour as the card's index by time, which reads only that hour. Read so, a decision
-- on a card with a sliding 24-hour limit went through the card's whole history. Functional-dependency statistics,
-- gathered by ANALYZE, tell the planner that the card decides the company.
CREATE STATISTICS "authorizations_card_company" (dependencies) ON "project_id", "card_id" FROM "authorizations";--> statement-breakpoint
CREATE STATISTICS "transactions_card_company" (dependencies) ON "project_id", "card_id" FROM "transactions";--> statement-breakpoint
ANALYZE "authorizations", "transactions";
--> statement-breakpoint
-- The decision's read by key whatever the statistics say (issue 13; docs/balances.md, "Reading";
-- decision-plans.test.ts). The read is planned once per connection (0030_decision_generic_plans) from the statistics
-- of that moment, which describe the average company. When most companies are small, a join by key could be turned
-- around into a scan of the big company's rows: its authorizations through the network reference's key (to find
-- the stored decisions of the batch's references), its cards through (project_id, cardholder_id). So each lookup is
-- driven from the batch's own keys: a LATERAL subquery with LIMIT 1 is never flattened into a join, and each is
-- planned as one probe of a unique key. The card's and team's window rows were read as `(kind, starts_at) IN (...)`,
-- which is no index condition: every balance row the card ever had (a day row a day, an hour row an hour) was read
-- to keep five. Now each window is one probe of the primary key. The rest is 0031_decision_push_flag's.
CREATE OR REPLACE FUNCTION kort_decision_state(
  p_project uuid, p_cards uuid[], p_ref_cards uuid[], p_refs text[],
  p_d timestamptz, p_w timestamptz, p_m timestamptz, p_y timestamptz, p_l timestamptz,
  p_sliding_from timestamptz, p_boundary timestamptz, p_boundary_end timestamptz
) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_credit_limit bigint;
  v_default json;
BEGIN
  -- Each card by its whole key, in id order (the outer subquery is sorted and not flattened, so the nested loop
  -- locks in its order).
  PERFORM 1 FROM (SELECT DISTINCT id FROM unnest(p_cards) id ORDER BY id) pc
   CROSS JOIN LATERAL (SELECT 1 FROM cards c WHERE c.project_id = p_project AND c.id = pc.id FOR NO KEY UPDATE) c;
  SELECT pr.credit_limit INTO v_credit_limit FROM projects pr WHERE pr.id = p_project FOR NO KEY UPDATE;
  IF v_credit_limit IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT json_build_array(r.merchant_mode, r.merchant_groups, r.merchant_names) INTO v_default
    FROM project_spend_rules r WHERE r.project_id = p_project AND r.merchant_mode IS NOT NULL;
  RETURN (
    SELECT json_build_object(
      'credit_limit', v_credit_limit,
      -- Settled this period plus reserved, less what initiated transfers deposited for the period (issue 16).
      'credit', (SELECT coalesce(sum(cb.settled) FILTER (WHERE cb.period_start = p_m), 0) + coalesce(sum(cb.reserved), 0)
                   FROM credit_balances cb
                  WHERE cb.project_id = p_project AND cb.period_start IN ('-infinity', p_m))
                - coalesce((SELECT d.deposited FROM credit_deposits d
                             WHERE d.project_id = p_project AND d.period_start = p_m), 0),
      -- By key per reference (a lateral lookup), never a scan of the company's authorizations.
      'stored', (SELECT coalesce(json_agg(json_build_object(
                          'id', a.id, 'card_id', a.card_id, 'reference', a.network_reference, 'status', a.status,
                          'decline_code', a.decline_code, 'amount', a.amount, 'original_amount', a.original_amount,
                          'original_currency', a.original_currency)), '[]')
                   FROM unnest(p_ref_cards, p_refs) r(card_id, reference)
                   CROSS JOIN LATERAL (
                     SELECT * FROM authorizations a
                      WHERE a.project_id = p_project AND a.card_id = r.card_id AND a.network_reference = r.reference
                      LIMIT 1) a),
      'cards', (SELECT coalesce(json_agg(json_build_object(
                         'id', c.id, 'team_id', c.team_id, 'cardholder_id', c.cardholder_id, 'status', c.status,
                         'expiration_month', c.expiration_month, 'expiration_year', c.expiration_year,
                         'will_close_at', c.will_close_at, 'category_id', c.default_transaction_category_id,
                         'limits', lim.v, 'sums', cs.v, 'sliding', sl.v, 'team_limits', tl.v, 'team', ts.v,
                         'merchant', coalesce(mc.v, v_default), 'receipt_lock', rl.v,
                         'push', EXISTS (SELECT 1 FROM devices dv
                                          WHERE dv.user_id = c.cardholder_id AND dv.push_token IS NOT NULL))), '[]')
                  FROM (SELECT DISTINCT id FROM unnest(p_cards) id) pc
                  CROSS JOIN LATERAL (SELECT * FROM cards c WHERE c.project_id = p_project AND c.id = pc.id LIMIT 1) c
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(l.sum_amount, l.single_amount, l.count, l.usage_type, l.period)), '[]') AS v,
                           bool_or(l.period = 'SLIDING_24H') AS sliding
                      FROM card_limits l WHERE l.project_id = p_project AND l.card_id = c.id) lim
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(b.kind, b.atm_sum, b.atm_count, b.retail_sum, b.retail_count)), '[]') AS v
                      FROM (VALUES ('D'::char(1), p_d), ('W', p_w), ('M', p_m), ('Y', p_y), ('L', p_l)) w(kind, starts_at)
                      CROSS JOIN LATERAL (
                        SELECT * FROM spend_balances b
                         WHERE b.project_id = p_project AND b.owner_id = c.id AND b.kind = w.kind
                           AND b.starts_at = w.starts_at LIMIT 1) b) cs
                  -- The sliding 24 hours [now - 24 h + 1 ms, now], read only for a card with such a limit (CASE
                  -- evaluates its subquery only then): whole hour rows after the hour the window starts in, and of
                  -- that hour the card's own raw rows from the window's start (balances.repo.ts).
                  CROSS JOIN LATERAL (
                    SELECT CASE WHEN lim.sliding THEN (
                      SELECT json_build_array(h.atm_sum, h.atm_count, h.retail_sum, h.retail_count,
                                              r.atm_sum, r.atm_count, r.retail_sum, r.retail_count)
                        FROM (SELECT coalesce(sum(b.atm_sum), 0) AS atm_sum, coalesce(sum(b.atm_count), 0) AS atm_count,
                                     coalesce(sum(b.retail_sum), 0) AS retail_sum, coalesce(sum(b.retail_count), 0) AS retail_count
                                FROM spend_balances b
                               WHERE b.project_id = p_project AND b.owner_id = c.id AND b.kind = 'H'
                                 AND b.starts_at > p_boundary) h,
                             (SELECT coalesce(sum(s.amount) FILTER (WHERE s.atm), 0) AS atm_sum,
                                     coalesce(sum(s.purchase) FILTER (WHERE s.atm), 0) AS atm_count,
                                     coalesce(sum(s.amount) FILTER (WHERE NOT s.atm), 0) AS retail_sum,
                                     coalesce(sum(s.purchase) FILTER (WHERE NOT s.atm), 0) AS retail_count
                                FROM (SELECT a.amount, a.mcc IN ('6010', '6011') AS atm, 1 AS purchase FROM authorizations a
                                       WHERE a.project_id = p_project AND a.card_id = c.id AND a.status = 'pending'
                                         AND a.created_at >= p_sliding_from AND a.created_at < p_boundary_end
                                      UNION ALL
                                      SELECT t.transaction_amount, coalesce(t.mcc IN ('6010', '6011'), false),
                                             CASE WHEN t.authorization_id IS NULL THEN 0 ELSE 1 END
                                        FROM transactions t
                                       WHERE t.project_id = p_project AND t.card_id = c.id AND t.closed_at IS NOT NULL
                                         AND t.transaction_date >= p_sliding_from AND t.transaction_date < p_boundary_end) s) r)
                    END AS v) sl
                  LEFT JOIN LATERAL (
                    SELECT json_build_array(t.max_daily_limit, t.max_weekly_limit, t.max_monthly_limit) AS v
                      FROM teams t WHERE t.project_id = p_project AND t.id = c.team_id LIMIT 1) tl ON true
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(b.kind, b.atm_sum, b.atm_count, b.retail_sum, b.retail_count)), '[]') AS v
                      FROM (VALUES ('D'::char(1), p_d), ('W', p_w), ('M', p_m)) w(kind, starts_at)
                      CROSS JOIN LATERAL (
                        SELECT * FROM spend_balances b
                         WHERE b.project_id = p_project AND b.owner_id = c.team_id AND b.kind = w.kind
                           AND b.starts_at = w.starts_at LIMIT 1) b) ts
                  LEFT JOIN LATERAL (
                    SELECT json_build_array(m.mode, m.groups, m.merchant_names) AS v
                      FROM card_merchant_controls m WHERE m.project_id = p_project AND m.card_id = c.id LIMIT 1) mc ON true
                  LEFT JOIN LATERAL (
                    SELECT json_build_array(k.missing_count, k.lifted_until) AS v
                      FROM receipt_locks k
                     WHERE k.project_id = p_project AND k.user_id = c.cardholder_id AND k.missing_count > 0
                     LIMIT 1) rl ON true)
    )
  );
END
$$;
--> statement-breakpoint
-- CREATE OR REPLACE resets the function's settings: the generic plan of 0030_decision_generic_plans again.
ALTER FUNCTION kort_decision_state(uuid, uuid[], uuid[], text[], timestamptz, timestamptz, timestamptz, timestamptz,
                                   timestamptz, timestamptz, timestamptz, timestamptz)
  SET plan_cache_mode = force_generic_plan;
