-- The two statements of a card decision (0020_decision_batch) are planned once per connection, not once per call.
-- PL/pgSQL plans a statement with parameters afresh for each call ("custom plans") until it judges a generic plan
-- no worse, and for kort_decision_state's read, a dozen lateral lookups, it never does: measured on a scratch
-- database, planning took about 1.7 ms of the function's 2 ms, every decision. Each of its lookups is by key, so
-- the generic plan is the same index plan whatever the values; it runs in 0.25 ms.
ALTER FUNCTION kort_decision_state(uuid, uuid[], uuid[], text[], timestamptz, timestamptz, timestamptz, timestamptz,
                                   timestamptz, timestamptz, timestamptz, timestamptz)
  SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION kort_insert_decisions(json) SET plan_cache_mode = force_generic_plan;
