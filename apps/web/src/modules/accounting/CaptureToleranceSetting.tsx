import { Group, NumberInput, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { type AccountingSettings, SET_CAPTURE_TOLERANCE_MUTATION } from "./accounting.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";

const wholeOf = (value: number | string): number =>
  typeof value === "number" ? value : Number.parseInt(value.replace(/\D/g, ""), 10);

/**
 * Issue 13's capture tolerance as the company sets it: how far a clearing may exceed its authorization (the larger
 * of a percentage and an ISK minimum) before the transaction is flagged and the card locked for review. Owners
 * only (the server says so in `can_change_capture_tolerance`); saved when a field is left or Enter pressed. The
 * fields keep what was typed (no remount on the settings' refetch, which raced the next field's typing), and a
 * value is sent once: Enter and then leaving the field do not save it twice.
 */
export function CaptureToleranceSetting({ settings }: { settings: AccountingSettings }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const current = settings.capture_tolerance;
  const sent = useRef(`${current.percent}:${current.minimum}`);
  const [percent, setPercent] = useState<number | string>(current.percent);
  const [minimum, setMinimum] = useState<number | string>(current.minimum);
  const change = useAccountingMutation(SET_CAPTURE_TOLERANCE_MUTATION, "captureTolerance", (variables) =>
    t("accounting.toast.captureTolerance", { percent: variables.percent, minimum: formatMoney(variables.minimum) }),
  );
  if (!settings.can_change_capture_tolerance) return null;
  const save = () => {
    const next = { percent: wholeOf(percent), minimum: wholeOf(minimum) };
    if (!Number.isInteger(next.percent) || !Number.isInteger(next.minimum)) return;
    const key = `${next.percent}:${next.minimum}`;
    if (key === sent.current) return;
    sent.current = key;
    change.mutate(next, {
      onError: () => {
        sent.current = "";
      },
    });
  };
  const onKeyDown = (event: { key: string }) => event.key === "Enter" && save();
  return (
    <Group gap="xs" data-testid="capture-tolerance">
      <Text size="sm" c="dimmed">
        {t("accounting.captureTolerance.label")}
      </Text>
      <NumberInput
        size="xs"
        w={70}
        min={0}
        max={1000}
        allowDecimal={false}
        allowNegative={false}
        aria-label={t("accounting.captureTolerance.percent")}
        value={percent}
        onChange={setPercent}
        onBlur={save}
        onKeyDown={onKeyDown}
        data-testid="capture-tolerance-percent"
      />
      <Text size="sm" c="dimmed">
        {t("accounting.captureTolerance.or")}
      </Text>
      <NumberInput
        size="xs"
        w={110}
        min={0}
        max={100_000_000}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator="."
        decimalSeparator=","
        suffix=" kr."
        aria-label={t("accounting.captureTolerance.minimum")}
        value={minimum}
        onChange={setMinimum}
        onBlur={save}
        onKeyDown={onKeyDown}
        data-testid="capture-tolerance-minimum"
      />
      <Text size="sm" c="dimmed">
        {t("accounting.captureTolerance.whicheverLarger")}
      </Text>
    </Group>
  );
}
