import { EXPORT_FORMATS, type ExportFormat, formatDate, formatMoney } from "@kort/core";
import { Alert, Anchor, Button, Checkbox, Group, List, Modal, Radio, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { PATHS } from "../../app/router/paths.ts";
import type { ExportInput } from "./exports.graphql.ts";
import { useCreateExport, useExportCheck, useExportFormats } from "./useExports.ts";

type Selection = ExportInput["selection"];

/**
 * Export from the expenses page (issue 14): everything in the current filter or the selected rows, in a format the
 * server writes, with mark as booked and leave out booked. Before anything is sent, the server counts the rows and
 * lists those the format cannot carry, each linked to its panel, to fix or to leave out; never a silent gap.
 */
export function ExportDialog({
  opened,
  onClose,
  filter,
  picked,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  filter: NonNullable<Selection["filter"]>;
  /** The selected rows as a selection, or null when none are. */
  picked: Selection | null;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formats = useExportFormats();
  const [format, setFormat] = useState<ExportFormat>("XLSX");
  const [scope, setScope] = useState<"filter" | "picked">(picked ? "picked" : "filter");
  const [markAsBooked, setMarkAsBooked] = useState(true);
  const [excludeBooked, setExcludeBooked] = useState(false);
  const [leaveOut, setLeaveOut] = useState(false);
  const usePicked = scope === "picked" && picked !== null;
  const input: ExportInput = {
    level: usePicked ? "TRANSACTION" : "PROJECT",
    file_type: format,
    selection: usePicked ? picked : { filter },
    mark_as_booked: markAsBooked,
    exclude_booked: excludeBooked,
    leave_out_unfit: leaveOut,
  };
  const check = useExportCheck(opened ? input : null);
  const create = useCreateExport();
  const result = check.data;
  const writes = result ? result.total - (leaveOut ? result.unfit_count : 0) : 0;
  const blocked = !result || writes === 0 || (result.unfit_count > 0 && !leaveOut);

  return (
    <Modal opened={opened} onClose={onClose} title={t("exports.dialog.title")} size="lg">
      <Stack gap="md" data-testid="export-dialog">
        <Select
          label={t("exports.dialog.format")}
          data={(formats.data ?? EXPORT_FORMATS).map((value) => ({ value, label: t(`exports.formats.${value}`) }))}
          value={format}
          allowDeselect={false}
          onChange={(value) => value && setFormat(value as ExportFormat)}
          comboboxProps={{ withinPortal: true }}
          data-testid="export-format"
        />
        <Radio.Group
          label={t("exports.dialog.rows")}
          value={usePicked ? "picked" : "filter"}
          onChange={(v) => setScope(v as "filter" | "picked")}
        >
          <Stack gap={6} mt={4}>
            <Radio value="filter" label={t("exports.dialog.filter")} data-testid="export-scope-filter" />
            <Radio
              value="picked"
              disabled={picked === null}
              label={t("exports.dialog.picked")}
              data-testid="export-scope-picked"
            />
          </Stack>
        </Radio.Group>
        <Checkbox
          label={t("exports.dialog.markAsBooked")}
          checked={markAsBooked}
          onChange={(event) => setMarkAsBooked(event.currentTarget.checked)}
          data-testid="export-mark-as-booked"
        />
        <Checkbox
          label={t("exports.dialog.excludeBooked")}
          checked={excludeBooked}
          onChange={(event) => setExcludeBooked(event.currentTarget.checked)}
          data-testid="export-exclude-booked"
        />
        {check.isError && (
          <Alert color="red" variant="light" role="alert" data-testid="export-check-error">
            {t("exports.errors.check", { reason: t(errorKey(toApiError(check.error).code)) })}
          </Alert>
        )}
        {result && result.unfit_count > 0 && (
          <Alert color="yellow" variant="light" data-testid="export-unfit">
            <Stack gap="xs">
              <Text size="sm">{t("exports.dialog.unfit", { count: result.unfit_count })}</Text>
              <List size="sm" spacing={2}>
                {result.unfit.map((row) => (
                  <List.Item key={row.transaction_id}>
                    <Anchor component={Link} to={PATHS.expense(row.transaction_id)} onClick={onClose} size="sm">
                      {row.merchant} · {formatDate(new Date(row.transaction_date), locale)} ·{" "}
                      {formatMoney(row.amount, { locale, currency: "ISK" })}
                    </Anchor>
                    {": "}
                    {row.reasons.map((reason) => t(`exports.unfit.${reason}`)).join(", ")}
                  </List.Item>
                ))}
              </List>
              <Checkbox
                label={t("exports.dialog.leaveOut")}
                checked={leaveOut}
                onChange={(event) => setLeaveOut(event.currentTarget.checked)}
                data-testid="export-leave-out"
              />
            </Stack>
          </Alert>
        )}
        {result && (
          <Text size="sm" c={writes === 0 ? "red" : undefined} data-testid="export-count">
            {writes === 0 ? t("errors.EXPORT_EMPTY") : t("exports.dialog.count", { count: writes })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("exports.dialog.cancel")}
          </Button>
          <Button
            disabled={blocked}
            loading={create.isPending || check.isFetching}
            onClick={() =>
              create.mutate(input, {
                onSuccess: () => {
                  onClose();
                  onCreated();
                },
              })
            }
            data-testid="export-create"
          >
            {t("exports.dialog.create")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
