import { formatDate, isErrorCode, signedLinkNeedsRefresh } from "@kort/core";
import { Badge, Button, Divider, Group, Loader, Progress, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { SidePanel } from "../../ui/side-panel/SidePanel.tsx";
import type { ExportItem } from "./exports.graphql.ts";
import { ScheduledExports } from "./ScheduledExports.tsx";
import { isRunning, useExports, useFreshExport, useRetryExport } from "./useExports.ts";

const STATUS_COLORS = { completed: "teal", failed: "red", created: "blue", pending: "blue", started: "blue" } as const;

/**
 * Recent exports (issue 14): who, when, format, rows and status; a progress bar while one runs (the list asks again
 * every second until none does), the file through a fresh signed link once completed, retry when failed.
 */
export function ExportsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const exports = useExports(opened);
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  return (
    <SidePanel
      opened={opened}
      onClose={onClose}
      size="medium"
      title={
        <Title order={2} size="h4">
          {t("exports.list.title")}
        </Title>
      }
    >
      <Stack gap="md" data-testid="exports-panel">
        {exports.isPending && <Loader size="sm" aria-label={t("states.loading")} />}
        {exports.isError && (
          <Text size="sm" c="red" role="alert">
            {t("exports.errors.fetch", { reason: t(errorKey(toApiError(exports.error).code)) })}
          </Text>
        )}
        {exports.data?.nodes.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("exports.list.empty")}
          </Text>
        )}
        {exports.data?.nodes.map((item) => (
          <ExportRow key={item.id} item={item} />
        ))}
        {/* Owners and accountants export the whole company, so they set up its daily export (the server asks again). */}
        {(role === "project_owner" || role === "accountant") && (
          <>
            <Divider />
            <ScheduledExports />
          </>
        )}
      </Stack>
    </SidePanel>
  );
}

function ExportRow({ item }: { item: ExportItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const retry = useRetryExport();
  const fresh = useFreshExport();
  // Spec 4: started is shown as pending.
  const shown = item.status === "started" || item.status === "created" ? "pending" : item.status;
  // The total was counted when the export was asked for; rows that came after it may take the count past it until the
  // export completes with the number it wrote.
  const percent = item.total_count > 0 ? Math.min(100, Math.floor((item.processed_count * 100) / item.total_count)) : 0;
  const download = async () => {
    const current = item.url_expires_at && !signedLinkNeedsRefresh(item.url_expires_at) ? item : await fresh(item.id);
    if (current.file_url) window.location.assign(current.file_url);
  };
  return (
    <Stack gap={4} data-testid="export-row" data-status={item.status} data-format={item.file_type}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {t(`exports.formats.${item.file_type}`)} · {t("exports.list.rows", { count: item.total_count })}
        </Text>
        <Badge color={STATUS_COLORS[item.status]} variant="light" data-testid="export-status">
          {t(`exports.status.${shown}`)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t("exports.list.by", {
          name: item.created_by_name ?? "",
          date: formatDate(new Date(item.created_at), locale),
        })}
        {item.mark_as_booked ? ` · ${t("exports.list.marked")}` : ""}
      </Text>
      {isRunning(item.status) && (
        <Progress
          value={percent}
          size="sm"
          animated
          aria-label={t("exports.list.progress", { percent })}
          data-testid="export-progress"
        />
      )}
      {item.status === "failed" && (
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="red">
            {t("exports.list.failed", { reason: t(errorKey(isErrorCode(item.error) ? item.error : "INTERNAL")) })}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconRefresh size={12} />}
            loading={retry.isPending}
            onClick={() => retry.mutate(item.id)}
            data-testid="export-retry"
          >
            {t("exports.list.retry")}
          </Button>
        </Group>
      )}
      {item.status === "completed" && (
        <Group>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconDownload size={12} />}
            onClick={() => void download()}
            data-testid="export-download"
          >
            {t("exports.list.download")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
