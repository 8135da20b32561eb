import { EXPORT_FORMATS, type ExportFormat, formatDate } from "@kort/core";
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Switch, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import {
  CREATE_SCHEDULE_MUTATION,
  DELETE_SCHEDULE_MUTATION,
  SCHEDULED_EXPORTS_QUERY,
  UPDATE_SCHEDULE_MUTATION,
} from "./exports.graphql.ts";

const SCHEDULES_KEY = ["exports", "schedules"] as const;

/**
 * The company's daily exports (issue 14), for owners and accountants: each at an hour (UTC) in a format, of what
 * settled and is not booked yet, marked as booked; paused or removed here. Each run lands in the exports list.
 */
export function ScheduledExports() {
  const { t } = useTranslation();
  const locale = useLocale();
  const schedules = useQuery({
    queryKey: SCHEDULES_KEY,
    queryFn: async ({ signal }) => (await request(SCHEDULED_EXPORTS_QUERY, {}, { signal })).scheduled_exports,
  });
  const [format, setFormat] = useState<ExportFormat>("XLSX");
  const [hour, setHour] = useState<number | string>(6);
  const change = useToastedMutation({
    run: (run: () => Promise<unknown>) => run(),
    failure: ({ reason }) => t("exports.schedules.error", { reason }),
    refetch: [SCHEDULES_KEY],
  });
  const add = () => {
    const chosen = typeof hour === "number" ? hour : Number.parseInt(hour, 10);
    if (!Number.isInteger(chosen)) return;
    change.mutate(() => request(CREATE_SCHEDULE_MUTATION, { file_type: format, hour: chosen }));
  };
  return (
    <Stack gap="xs" data-testid="scheduled-exports">
      <Text size="sm" fw={600}>
        {t("exports.schedules.title")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("exports.schedules.help")}
      </Text>
      {schedules.data?.map((schedule) => (
        <Group key={schedule.id} justify="space-between" wrap="nowrap" data-testid="scheduled-export">
          <Stack gap={0}>
            <Text size="sm">
              {t("exports.schedules.daily", {
                format: t(`exports.formats.${schedule.file_type}`),
                hour: String(schedule.hour).padStart(2, "0"),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {schedule.last_run_at
                ? t("exports.schedules.lastRun", { date: formatDate(new Date(schedule.last_run_at), locale) })
                : t("exports.schedules.notRun")}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Switch
              checked={schedule.enabled}
              aria-label={t("exports.schedules.enabled")}
              onChange={(event) => {
                const enabled = event.currentTarget.checked;
                change.mutate(() => request(UPDATE_SCHEDULE_MUTATION, { id: schedule.id, enabled }));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t("exports.schedules.remove")}
              onClick={() => change.mutate(() => request(DELETE_SCHEDULE_MUTATION, { id: schedule.id }))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          size="xs"
          label={t("exports.dialog.format")}
          data={EXPORT_FORMATS.map((value) => ({ value, label: t(`exports.formats.${value}`) }))}
          value={format}
          allowDeselect={false}
          onChange={(value) => value && setFormat(value as ExportFormat)}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          size="xs"
          w={110}
          label={t("exports.schedules.hour")}
          min={0}
          max={23}
          allowDecimal={false}
          value={hour}
          onChange={setHour}
        />
        <Button size="xs" variant="light" loading={change.isPending} onClick={add} data-testid="scheduled-export-add">
          {t("exports.schedules.add")}
        </Button>
      </Group>
    </Stack>
  );
}
