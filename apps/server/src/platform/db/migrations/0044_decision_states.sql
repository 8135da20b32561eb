-- One read for a whole batch, whatever companies it holds (issue 13; docs/balances.md, "One read for the batch").
-- kort_decision_state read one company a call, so a batch of eight companies started its plan eight times, and
-- starting that plan's executor was half of each call. Measured interleaved in one loop: eight companies 390 to 445
-- µs a company with a call each, 200 to 220 µs with this one call; one company 6 to 7% more a batch (20 to 30 µs).
-- It takes the same locks in the same order (company by company in id order, a company's cards in id order before
-- its row) and answers an object by company id of what kort_decision_state answered for each; a company that does
-- not exist is absent. The per-company function stays for the release before this one during a rolling deploy
-- (docs/scaling.md) and goes in a later migration.
CREATE OR REPLACE FUNCTION kort_decision_states(
  p_projects uuid[], p_card_projects uuid[], p_cards uuid[], p_ref_projects uuid[], p_ref_cards uuid[], p_refs text[],
  p_d timestamptz, p_w timestamptz, p_m timestamptz, p_y timestamptz, p_l timestamptz,
  p_sliding_from timestamptz, p_boundary timestamptz, p_boundary_end timestamptz
) RETURNS json
LANGUAGE plpgsql AS $$
BEGIN
  -- Companies in id order; for each, its cards in id order (the count waits for all of them) and then its row, which
  -- is read after the count since it names it. Sorted subqueries, aggregates and locking subqueries are never
  -- flattened, so the nested loop takes the locks in this order.
  PERFORM 1 FROM (SELECT DISTINCT id FROM unnest(p_projects) id ORDER BY id) pp
    CROSS JOIN LATERAL (
      SELECT count(*) AS n
        FROM (SELECT DISTINCT x.id FROM unnest(p_card_projects, p_cards) x(project_id, id)
               WHERE x.project_id = pp.id ORDER BY x.id) pc
       CROSS JOIN LATERAL (SELECT 1 FROM cards c WHERE c.project_id = pp.id AND c.id = pc.id FOR NO KEY UPDATE) c) lc
    CROSS JOIN LATERAL (SELECT 1 FROM projects pr WHERE pr.id = pp.id AND lc.n >= 0 FOR NO KEY UPDATE) pr;
  RETURN (
    SELECT coalesce(json_object_agg(pr.id, json_build_object(
      'credit_limit', pr.credit_limit,
      -- Settled this period plus reserved, less what initiated transfers deposited for the period (issue 16).
      'credit', (SELECT coalesce(sum(cb.settled) FILTER (WHERE cb.period_start = p_m), 0) + coalesce(sum(cb.reserved), 0)
                   FROM credit_balances cb
                  WHERE cb.project_id = pr.id AND cb.period_start IN ('-infinity', p_m))
                - coalesce((SELECT d.deposited FROM credit_deposits d
                             WHERE d.project_id = pr.id AND d.period_start = p_m), 0),
      -- By key per reference (a lateral lookup), never a scan of the company's authorizations.
      'stored', (SELECT coalesce(json_agg(json_build_object(
                          'id', a.id, 'card_id', a.card_id, 'reference', a.network_reference, 'status', a.status,
                          'decline_code', a.decline_code, 'amount', a.amount, 'original_amount', a.original_amount,
                          'original_currency', a.original_currency)), '[]')
                   FROM unnest(p_ref_projects, p_ref_cards, p_refs) r(project_id, card_id, reference)
                   CROSS JOIN LATERAL (
                     SELECT * FROM authorizations a
                      WHERE a.project_id = pr.id AND a.card_id = r.card_id AND a.network_reference = r.reference
                      LIMIT 1) a
                  WHERE r.project_id = pr.id),
      'cards', (SELECT coalesce(json_agg(json_build_object(
                         'id', c.id, 'team_id', c.team_id, 'cardholder_id', c.cardholder_id, 'status', c.status,
                         'expiration_month', c.expiration_month, 'expiration_year', c.expiration_year,
                         'will_close_at', c.will_close_at, 'category_id', c.default_transaction_category_id,
                         'limits', lim.v, 'sums', cs.v, 'sliding', sl.v, 'team_limits', tl.v, 'team', ts.v,
                         'merchant', coalesce(mc.v, dflt.v), 'receipt_lock', rl.v,
                         'push', EXISTS (SELECT 1 FROM devices dv
                                          WHERE dv.user_id = c.cardholder_id AND dv.push_token IS NOT NULL))), '[]')
                  FROM (SELECT DISTINCT x.id FROM unnest(p_card_projects, p_cards) x(project_id, id)
                         WHERE x.project_id = pr.id) pc
                  CROSS JOIN LATERAL (SELECT * FROM cards c WHERE c.project_id = pr.id AND c.id = pc.id LIMIT 1) c
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(l.sum_amount, l.single_amount, l.count, l.usage_type, l.period)), '[]') AS v,
                           bool_or(l.period = 'SLIDING_24H') AS sliding
                      FROM card_limits l WHERE l.project_id = pr.id AND l.card_id = c.id) lim
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(b.kind, b.atm_sum, b.atm_count, b.retail_sum, b.retail_count)), '[]') AS v
                      FROM (VALUES ('D'::char(1), p_d), ('W', p_w), ('M', p_m), ('Y', p_y), ('L', p_l)) w(kind, starts_at)
                      CROSS JOIN LATERAL (
                        SELECT * FROM spend_balances b
                         WHERE b.project_id = pr.id AND b.owner_id = c.id AND b.kind = w.kind
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
                               WHERE b.project_id = pr.id AND b.owner_id = c.id AND b.kind = 'H'
                                 AND b.starts_at > p_boundary) h,
                             (SELECT coalesce(sum(s.amount) FILTER (WHERE s.atm), 0) AS atm_sum,
                                     coalesce(sum(s.purchase) FILTER (WHERE s.atm), 0) AS atm_count,
                                     coalesce(sum(s.amount) FILTER (WHERE NOT s.atm), 0) AS retail_sum,
                                     coalesce(sum(s.purchase) FILTER (WHERE NOT s.atm), 0) AS retail_count
                                FROM (SELECT a.amount, a.mcc IN ('6010', '6011') AS atm, 1 AS purchase FROM authorizations a
                                       WHERE a.project_id = pr.id AND a.card_id = c.id AND a.status = 'pending'
                                         AND a.created_at >= p_sliding_from AND a.created_at < p_boundary_end
                                      UNION ALL
                                      SELECT t.transaction_amount, coalesce(t.mcc IN ('6010', '6011'), false),
                                             CASE WHEN t.authorization_id IS NULL THEN 0 ELSE 1 END
                                        FROM transactions t
                                       WHERE t.project_id = pr.id AND t.card_id = c.id AND t.closed_at IS NOT NULL
                                         AND t.transaction_date >= p_sliding_from AND t.transaction_date < p_boundary_end) s) r)
                    END AS v) sl
                  LEFT JOIN LATERAL (
                    SELECT json_build_array(t.max_daily_limit, t.max_weekly_limit, t.max_monthly_limit) AS v
                      FROM teams t WHERE t.project_id = pr.id AND t.id = c.team_id LIMIT 1) tl ON true
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(b.kind, b.atm_sum, b.atm_count, b.retail_sum, b.retail_count)), '[]') AS v
                      FROM (VALUES ('D'::char(1), p_d), ('W', p_w), ('M', p_m)) w(kind, starts_at)
                      CROSS JOIN LATERAL (
                        SELECT * FROM spend_balances b
                         WHERE b.project_id = pr.id AND b.owner_id = c.team_id AND b.kind = w.kind
                           AND b.starts_at = w.starts_at LIMIT 1) b) ts
                  LEFT JOIN LATERAL (
                    SELECT json_build_array(m.mode, m.groups, m.merchant_names) AS v
                      FROM card_merchant_controls m WHERE m.project_id = pr.id AND m.card_id = c.id LIMIT 1) mc ON true
                  LEFT JOIN LATERAL (
                    SELECT json_build_array(k.missing_count, k.lifted_until) AS v
                      FROM receipt_locks k
                     WHERE k.project_id = pr.id AND k.user_id = c.cardholder_id AND k.missing_count > 0
                     LIMIT 1) rl ON true)
    )), '{}')
      -- The companies' rows (locked above) and their default merchant controls (issue 19), one probe each.
      FROM projects pr
      LEFT JOIN LATERAL (
        SELECT json_build_array(r.merchant_mode, r.merchant_groups, r.merchant_names) AS v
          FROM project_spend_rules r WHERE r.project_id = pr.id AND r.merchant_mode IS NOT NULL LIMIT 1) dflt ON true
     WHERE pr.id = ANY (p_projects)
  );
END
$$;
--> statement-breakpoint
-- Planned once per connection, as kort_decision_state is (0030_decision_generic_plans).
ALTER FUNCTION kort_decision_states(uuid[], uuid[], uuid[], uuid[], uuid[], text[], timestamptz, timestamptz,
                                    timestamptz, timestamptz, timestamptz, timestamptz, timestamptz, timestamptz)
  SET plan_cache_mode = force_generic_plan;
