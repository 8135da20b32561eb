import { Button, Group, Loader, Paper, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { BulkSetButtons } from "./BulkSetButtons.tsx";
import type { SelectionInput } from "./expenses.graphql.ts";
import { formatForeignAmount } from "./ledger-money.ts";
import { useSelectionTotals } from "./ledger-queries.ts";
import type { LedgerSelection } from "./ledger-selection.ts";
import { REMIND_MAX } from "./transaction.graphql.ts";
import { useRemind } from "./useTransactionEdit.ts";
import { useMayRemind } from "./useTransactionPermissions.ts";

export type SelectionBarProps = {
  selection: LedgerSelection;
  input: SelectionInput | null;
  onSelectAll: () => void;
  onClear: () => void;
};

/** The selection's count and sums, computed by the server (spec 2), with "all in the filter" and clear. */
export const SelectionBar = memo(function SelectionBar({ selection, input, onSelectAll, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const totals = useSelectionTotals(input);
  const remind = useRemind();
  const mayRemind = useMayRemind();
  if (input === null) return null;
  const foreign = (totals.data?.by_currency ?? []).filter((row) => row.currency !== "ISK");
  return (
    <Paper withBorder p="xs" px="md" data-testid="ledger-selection-bar">
      {/* On a narrow window the figures and the buttons wrap onto more lines rather than past the edge. */}
      <Group justify="space-between" gap="xs">
        <Group gap="lg">
          {totals.isError ? (
            <Text size="sm" c="red" role="alert">
              {t("expenses.errors.totals", { reason: t(errorKey(toApiError(totals.error).code)) })}
            </Text>
          ) : totals.data ? (
            <>
              <Text size="sm" fw={600} data-testid="ledger-selection-count">
                {t("expenses.select.count", { count: totals.data.count })}
              </Text>
              <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="ledger-selection-total">
                {t("expenses.select.total", { amount: money(totals.data.total_amount) })}
              </Text>
              {foreign.length > 0 && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }} data-testid="ledger-selection-foreign">
                  {foreign.map((row) => formatForeignAmount(row.amount, row.currency, row.exponent)).join(" · ")}
                </Text>
              )}
            </>
          ) : (
            <Loader size="xs" aria-label={t("states.loading")} />
          )}
          {totals.isFetching && totals.data && <Loader size="xs" aria-label={t("states.loading")} />}
        </Group>
        <Group gap="xs">
          {selection.kind === "ids" && <BulkSetButtons ids={selection.ids} />}
          {selection.kind === "ids" && mayRemind && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconBell size={14} />}
              disabled={selection.ids.size > REMIND_MAX}
              title={selection.ids.size > REMIND_MAX ? t("expenses.remind.tooMany", { max: REMIND_MAX }) : undefined}
              loading={remind.isPending}
              onClick={() => remind.mutate([...selection.ids])}
              data-testid="ledger-remind"
            >
              {t("expenses.remind.bulk")}
            </Button>
          )}
          {!(selection.kind === "all" && selection.excluded.size === 0) && (
            <Button size="xs" variant="light" onClick={onSelectAll} data-testid="ledger-select-all-filter">
              {t("expenses.select.allInFilter")}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={onClear} data-testid="ledger-clear-selection">
            {t("expenses.select.clear")}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
});
