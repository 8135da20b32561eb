import { RECEIPT_MISSING_DAYS_MAX } from "@kort/core";
import { Group, NumberInput, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type AccountingSettings, SET_RECEIPT_MISSING_DAYS_MUTATION } from "./accounting.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";

/**
 * Spec 5's MissingReceipt rule as the company sets it: how many days a purchase may wait for its receipt. Owners and
 * accountants change it (saved when the field is left or Enter pressed); others read it.
 */
export function ReceiptRuleSetting({ settings }: { settings: AccountingSettings }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number | string>(settings.receipt_missing_days);
  const change = useAccountingMutation(SET_RECEIPT_MISSING_DAYS_MUTATION, "receiptRule", (variables) =>
    t("accounting.toast.receiptRule", { count: variables.days }),
  );
  const save = () => {
    const value = typeof days === "number" ? days : Number.parseInt(days, 10);
    if (!Number.isInteger(value) || value === settings.receipt_missing_days) return;
    change.mutate({ days: value });
  };
  return (
    <Group gap="sm" data-testid="receipt-rule">
      <Text size="sm" c="dimmed">
        {t("accounting.receiptRule.label")}
      </Text>
      {settings.can_change_receipt_rule ? (
        <NumberInput
          size="xs"
          w={90}
          min={1}
          max={RECEIPT_MISSING_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          aria-label={t("accounting.receiptRule.label")}
          value={days}
          onChange={setDays}
          onBlur={save}
          onKeyDown={(event) => event.key === "Enter" && save()}
          data-testid="receipt-rule-days"
        />
      ) : (
        <Text size="sm">{settings.receipt_missing_days}</Text>
      )}
      <Text size="sm" c="dimmed">
        {t("accounting.receiptRule.days", { count: settings.receipt_missing_days })}
      </Text>
    </Group>
  );
}
