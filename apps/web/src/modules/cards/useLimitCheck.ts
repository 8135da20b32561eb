import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import { CARD_CHECK_LIMITS_QUERY } from "./cards.graphql.ts";
import { type CreateCardForm, LIMIT_CHECK_DEBOUNCE_MS, limitPeriodOf } from "./create-card-form.ts";

/**
 * Spec 5 and 9: the server's limit check for the form's holder, team and amount, debounced 250 ms. It waits
 * (`ready` false) while a team the policy needs is still unchosen: the server would refuse the question.
 */
export const useLimitCheck = (form: CreateCardForm, ready: boolean) => {
  const input =
    ready && form.userId && form.amount !== null
      ? {
          cardholder_id: form.userId,
          team_id: form.teamId,
          limits: [{ sum_amount: form.amount, period: limitPeriodOf(form.limitPeriodId) }],
        }
      : null;
  const [debounced] = useDebouncedValue(input, LIMIT_CHECK_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ["cards", "check-limits", debounced],
    queryFn: async ({ signal }) =>
      // `enabled` keeps this from running while debounced is null.
      (await request(CARD_CHECK_LIMITS_QUERY, { input: debounced as NonNullable<typeof debounced> }, { signal }))
        .card_check_limits,
    enabled: debounced !== null,
  });
  const settled = JSON.stringify(input) === JSON.stringify(debounced) && !query.isFetching;
  const blocked = debounced !== null ? (query.data?.blocked ?? []) : [];
  return { blocked, pending: input !== null && !settled };
};
