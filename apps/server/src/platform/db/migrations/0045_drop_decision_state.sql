-- The per-company read of the decisions goes (docs/scaling.md, rolling deploys). Since 0044_decision_states a batch
-- reads every company in it through kort_decision_states; kort_decision_state stayed one release for the release
-- before that one, which called it. Neither this release nor the one before calls it now.
DROP FUNCTION kort_decision_state(uuid, uuid[], uuid[], text[], timestamptz, timestamptz, timestamptz, timestamptz,
                                  timestamptz, timestamptz, timestamptz, timestamptz);
