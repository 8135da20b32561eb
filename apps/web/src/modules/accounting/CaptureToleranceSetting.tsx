import { CAPTURE_TOLERANCE_MINIMUM_MAX, CAPTURE_TOLERANCE_PERCENT_MAX } from "@kort/core";
import { Button, Group, Modal, NumberInput, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatMoney } from "../../app/i18n/useFormatMoney.ts";
import { type AccountingSettings, SET_CAPTURE_TOLERANCE_MUTATION } from "./accounting.graphql.ts";
import { useAccountingMutation } from "./useAccountingMutation.ts";

type Tolerance = AccountingSettings["capture_tolerances"][number];
type Kind = Tolerance["kind"];
/** What the fields hold while the dialog is open: NumberInput gives a string while a number is half typed. */
type Draft = Record<Kind, { percent: number | string; minimum: number | string }>;

const wholeOf = (value: number | string): number =>
  typeof value === "number" ? value : Number.parseInt(value.replace(/\D/g, ""), 10);

const inRange = (value: number, max: number) => Number.isInteger(value) && value >= 0 && value <= max;

const draftOf = (tolerances: readonly Tolerance[]): Draft =>
  Object.fromEntries(tolerances.map(({ kind, percent, minimum }) => [kind, { percent, minimum }])) as Draft;

/**
 * Issue 13's capture tolerances: how far a clearing may exceed its authorization (the larger of a percentage and an
 * ISK minimum) before the transaction is flagged and the card locked for review, for purchases in general and for
 * fuel and hotels, which have their own. Everyone on the page reads the general one; owners (the server says so in
 * `can_change_capture_tolerance`) open the three in a dialog and save what they changed.
 */
export function CaptureToleranceSetting({ settings }: { settings: AccountingSettings }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const [draft, setDraft] = useState<Draft | null>(null);
  const change = useAccountingMutation(SET_CAPTURE_TOLERANCE_MUTATION, "captureTolerance", (variables) =>
    t("accounting.toast.captureTolerance", {
      kind: t(`accounting.captureTolerance.kinds.${variables.kind}`),
      percent: variables.percent,
      minimum: formatMoney(variables.minimum),
    }),
  );
  const tolerances = settings.capture_tolerances;
  const general = tolerances.find((tolerance) => tolerance.kind === "general");
  const changed = draft
    ? tolerances.flatMap(({ kind, percent, minimum }) => {
        const next = { kind, percent: wholeOf(draft[kind].percent), minimum: wholeOf(draft[kind].minimum) };
        return next.percent === percent && next.minimum === minimum ? [] : [next];
      })
    : [];
  const valid = changed.every(
    (next) =>
      inRange(next.percent, CAPTURE_TOLERANCE_PERCENT_MAX) && inRange(next.minimum, CAPTURE_TOLERANCE_MINIMUM_MAX),
  );
  const save = async () => {
    // One mutation a kind changed, in turn: each is audited as its own change, as a change made alone would be. A
    // refusal has its toast (useAccountingMutation) and leaves the dialog open with what was typed.
    try {
      for (const next of changed) await change.mutateAsync(next);
    } catch {
      return;
    }
    setDraft(null);
  };
  const set = (kind: Kind, field: "percent" | "minimum") => (value: number | string) =>
    setDraft((previous) => (previous ? { ...previous, [kind]: { ...previous[kind], [field]: value } } : previous));

  return (
    <Group gap="sm" data-testid="capture-tolerance">
      <Text size="sm" c="dimmed">
        {t("accounting.captureTolerance.summaryLabel")}
      </Text>
      {general && (
        <Text size="sm" data-testid="capture-tolerance-summary">
          {t("accounting.captureTolerance.summary", {
            percent: general.percent,
            minimum: formatMoney(general.minimum),
          })}
        </Text>
      )}
      {settings.can_change_capture_tolerance && (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => setDraft(draftOf(tolerances))}
          data-testid="capture-tolerance-edit"
        >
          {t("accounting.captureTolerance.edit")}
        </Button>
      )}
      <Modal
        opened={draft !== null}
        onClose={() => setDraft(null)}
        title={t("accounting.captureTolerance.title")}
        size="lg"
        centered
      >
        <Stack gap="md" data-testid="capture-tolerance-form">
          <Text size="sm">{t("accounting.captureTolerance.explanation")}</Text>
          <Table layout="fixed" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">{t("accounting.captureTolerance.columns.kind")}</Table.Th>
                <Table.Th>{t("accounting.captureTolerance.percent")}</Table.Th>
                <Table.Th>{t("accounting.captureTolerance.minimum")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {draft &&
                tolerances.map(({ kind }) => (
                  <Table.Tr key={kind} data-testid={`capture-tolerance-${kind}`}>
                    <Table.Td>
                      <Text size="sm">{t(`accounting.captureTolerance.kinds.${kind}`)}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`accounting.captureTolerance.codes.${kind}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={CAPTURE_TOLERANCE_PERCENT_MAX}
                        allowDecimal={false}
                        allowNegative={false}
                        suffix="%"
                        aria-label={`${t(`accounting.captureTolerance.kinds.${kind}`)}: ${t("accounting.captureTolerance.percent")}`}
                        value={draft[kind].percent}
                        onChange={set(kind, "percent")}
                        data-testid={`capture-tolerance-${kind}-percent`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={CAPTURE_TOLERANCE_MINIMUM_MAX}
                        allowDecimal={false}
                        allowNegative={false}
                        thousandSeparator="."
                        decimalSeparator=","
                        suffix=" kr."
                        aria-label={`${t(`accounting.captureTolerance.kinds.${kind}`)}: ${t("accounting.captureTolerance.minimum")}`}
                        value={draft[kind].minimum}
                        onChange={set(kind, "minimum")}
                        data-testid={`capture-tolerance-${kind}-minimum`}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
          {!valid && (
            <Text size="sm" c="red" data-testid="capture-tolerance-invalid">
              {t("accounting.captureTolerance.invalid", { max: formatMoney(CAPTURE_TOLERANCE_MINIMUM_MAX) })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDraft(null)}>
              {t("accounting.panel.cancel")}
            </Button>
            <Button
              onClick={save}
              loading={change.isPending}
              disabled={changed.length === 0 || !valid}
              data-testid="capture-tolerance-save"
            >
              {t("accounting.captureTolerance.save")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
