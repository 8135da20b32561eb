-- Card decisions in batches (issue 13, docs/balances.md "Batches"). Two functions, so that a batch of one
-- company's requests takes two statements between its BEGIN and COMMIT, whatever its size (one that locks and
-- reads, one that writes), and the statements inside are planned once per connection (PL/pgSQL caches their
-- plans) instead of once per decision.

-- Locks a batch's cards in id order and then their company's row (FOR NO KEY UPDATE), the order every settlement
-- and every other batch takes them in, so no two transactions wait on each other in a circle; then reads
-- everything the rules (processor/decide.ts) read for those cards, as one JSON value: the company's credit limit
-- and credit in use, each card's row, limits, balance rows of the current windows (and the exact sliding 24 hours
-- when it has such a limit), its team's maxima and rows, and the decisions already stored for the batch's network
-- references. About a dozen rows per card, all by key. The read is a statement of its own after the locks: in
-- READ COMMITTED each statement of a volatile function takes a new snapshot, so it sees everything committed by
-- the transactions the locks waited for. The window starts come from processor/periods.ts, the one place that
-- defines them. The clock is read before the locks are granted, so the hour rows of the sliding window are read
-- without an upper bound (an entry dated after that instant by a decision that held the lock first still counts, as
-- the fixed windows count it).
CREATE FUNCTION kort_decision_state(
  p_project uuid, p_cards uuid[], p_ref_cards uuid[], p_refs text[],
  p_d timestamptz, p_w timestamptz, p_m timestamptz, p_y timestamptz, p_l timestamptz,
  p_sliding_from timestamptz, p_boundary timestamptz, p_boundary_end timestamptz
) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_credit_limit bigint;
BEGIN
  PERFORM 1 FROM cards c WHERE c.project_id = p_project AND c.id = ANY (p_cards) ORDER BY c.id FOR NO KEY UPDATE;
  SELECT pr.credit_limit INTO v_credit_limit FROM projects pr WHERE pr.id = p_project FOR NO KEY UPDATE;
  IF v_credit_limit IS NULL THEN
    RETURN NULL;
  END IF;
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
                      WHERE a.project_id = p_project AND a.card_id = r.card_id AND a.network_reference = r.reference) a),
      'cards', (SELECT coalesce(json_agg(json_build_object(
                         'id', c.id, 'team_id', c.team_id, 'cardholder_id', c.cardholder_id, 'status', c.status,
                         'expiration_month', c.expiration_month, 'expiration_year', c.expiration_year,
                         'will_close_at', c.will_close_at, 'category_id', c.default_transaction_category_id,
                         'limits', lim.v, 'sums', cs.v, 'sliding', sl.v, 'team_limits', tl.v, 'team', ts.v)), '[]')
                  FROM cards c
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(l.sum_amount, l.single_amount, l.count, l.usage_type, l.period)), '[]') AS v,
                           bool_or(l.period = 'SLIDING_24H') AS sliding
                      FROM card_limits l WHERE l.project_id = p_project AND l.card_id = c.id) lim
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(b.kind, b.atm_sum, b.atm_count, b.retail_sum, b.retail_count)), '[]') AS v
                      FROM spend_balances b
                     WHERE b.project_id = p_project AND b.owner_id = c.id
                       AND (b.kind, b.starts_at) IN (('D', p_d), ('W', p_w), ('M', p_m), ('Y', p_y), ('L', p_l))) cs
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
                      FROM teams t WHERE t.project_id = p_project AND t.id = c.team_id) tl ON true
                  CROSS JOIN LATERAL (
                    SELECT coalesce(json_agg(json_build_array(b.kind, b.atm_sum, b.atm_count, b.retail_sum, b.retail_count)), '[]') AS v
                      FROM spend_balances b
                     WHERE b.project_id = p_project AND b.owner_id = c.team_id
                       AND (b.kind, b.starts_at) IN (('D', p_d), ('W', p_w), ('M', p_m))) ts
                 WHERE c.project_id = p_project AND c.id = ANY (p_cards))
    )
  );
END
$$;
--> statement-breakpoint

-- A batch's decisions, given as one JSON array (one parameter, however many: a VALUES list of thousands of
-- parameters costs more to parse and plan than the rows cost to write), inserted in one statement with the
-- unsettled ledger row of each approved one (closed_at null, dated and described as the authorization, in the
-- card's default category). The balance triggers post both statements once. Fails (unique_violation) when a
-- (card, network reference) of the batch was stored meanwhile, so that none of the batch is committed: the caller
-- then decides its requests again one by one. The caller sends its COMMIT in the same round trip.
CREATE FUNCTION kort_insert_decisions(p_decisions json) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_inserted integer;
BEGIN
  WITH d AS (
    SELECT * FROM json_to_recordset(p_decisions) AS x(
      id uuid, project_id uuid, card_id uuid, user_id uuid, team_id uuid, amount bigint, original_amount bigint,
      original_currency text, original_exponent smallint, merchant_name text, merchant_country text, mcc text,
      network_reference text, status authorization_status, decline_code text, approval_code text,
      created_at timestamptz, category_id uuid)
  ), inserted AS (
    INSERT INTO authorizations (id, project_id, card_id, user_id, team_id, amount, currency, original_amount,
                                original_currency, original_exponent, merchant_name, merchant_country, mcc,
                                network_reference, status, decline_code, approval_code, created_at, updated_at)
    SELECT d.id, d.project_id, d.card_id, d.user_id, d.team_id, d.amount, 'ISK', d.original_amount,
           d.original_currency, d.original_exponent, d.merchant_name, d.merchant_country, d.mcc,
           d.network_reference, d.status, d.decline_code, d.approval_code, d.created_at, d.created_at
      FROM d
    ON CONFLICT (project_id, card_id, network_reference) DO NOTHING
    RETURNING id
  ), ledger AS (
    INSERT INTO transactions (project_id, card_id, user_id, team_id, authorization_id, description, merchant_name,
                              merchant_country, mcc, original_amount, original_currency, original_exponent,
                              transaction_amount, transaction_date, category_id, closed_at, created_at, updated_at)
    SELECT d.project_id, d.card_id, d.user_id, d.team_id, d.id, d.merchant_name, d.merchant_name,
           d.merchant_country, d.mcc, d.original_amount, d.original_currency, d.original_exponent,
           d.amount, d.created_at, d.category_id, NULL, d.created_at, d.created_at
      FROM d JOIN inserted i ON i.id = d.id
     WHERE d.status = 'pending'
  )
  SELECT count(*) INTO v_inserted FROM inserted;
  IF v_inserted <> json_array_length(p_decisions) THEN
    RAISE EXCEPTION 'A network reference of the batch was stored by another transaction' USING ERRCODE = 'unique_violation';
  END IF;
  RETURN v_inserted;
END
$$;
