import { AUDIT_AREAS, type AuditArea, formatDate } from "@kort/core";
import { Alert, Button, Group, Loader, MultiSelect, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { useNamePage } from "../../app/shell/header/page-subtitle.ts";
import { DateField } from "../../ui/date-field/DateField.tsx";
import { useProjectUsers } from "../people/useProjectUsers.ts";
import { auditDetailsText } from "./audit-details.ts";
import { type AuditFilters, useAuditPage } from "./useOverview.ts";

const time = (iso: string) => new Date(iso).toISOString().slice(11, 16);

/** When fits `31.12.2026 23:59` and `31 Dec 2026 23:59`, who a long name on two lines, what the longest action. */
const COLUMN_WIDTHS = { when: 160, who: 180, what: 260 } as const;

/** The recorded details on one line, cut at the column's edge, the whole of them on hover. */
function AuditDetails({ details }: { details: string }) {
  const text = auditDetailsText(details);
  return (
    <Text size="xs" truncate="end" title={text} data-testid="audit-details">
      {text}
    </Text>
  );
}

/**
 * `/overview/audit-log` (issue 16), owners: every change to cards, limits, roles, people, teams, categories, exports,
 * invoices and credit, newest first, filtered by who, what and when, a page at a time by cursor.
 */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  useNamePage(t("overview.audit.title"));
  const [filters, setFilters] = useState<AuditFilters>({ areas: [], actorId: null, fromDate: null, toDate: null });
  // The cursors of the pages before the one shown: Back pops one, Next pushes the page's own.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const page = useAuditPage(filters, after);
  const users = useProjectUsers();
  const filter = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setCursors([null]);
  };
  const actionText = (action: string) =>
    i18n.exists(`overview.audit.actions.${action}`) ? t(`overview.audit.actions.${action}` as never) : action;

  return (
    <Stack gap="md" p="md" data-testid="audit-log-page">
      <Group align="flex-end" gap="sm">
        <MultiSelect
          w={320}
          label={t("overview.audit.what")}
          placeholder={t("overview.audit.everything")}
          data={AUDIT_AREAS.map((area) => ({ value: area, label: t(`overview.audit.areas.${area}`) }))}
          value={filters.areas}
          onChange={(values) => filter({ areas: AUDIT_AREAS.filter((area: AuditArea) => values.includes(area)) })}
          clearable
          data-testid="audit-filter-what"
        />
        <Select
          w={240}
          label={t("overview.audit.who")}
          placeholder={t("overview.audit.anyone")}
          data={(users.data ?? []).map((user) => ({ value: user.user_id, label: user.full_name }))}
          value={filters.actorId}
          onChange={(actorId) => filter({ actorId })}
          searchable
          clearable
          data-testid="audit-filter-who"
        />
        <DateField
          label={t("overview.audit.from")}
          value={filters.fromDate}
          onChange={(fromDate) => filter({ fromDate })}
          clearable
          data-testid="audit-filter-from"
        />
        <DateField
          label={t("overview.audit.to")}
          value={filters.toDate}
          onChange={(toDate) => filter({ toDate })}
          clearable
          data-testid="audit-filter-to"
        />
      </Group>
      {page.isError ? <Alert color="red">{t("overview.errors.audit")}</Alert> : null}
      {page.isPending ? <Loader size="sm" /> : null}
      {page.data && page.data.nodes.length === 0 ? <Text c="dimmed">{t("overview.audit.empty")}</Text> : null}
      {page.data && page.data.nodes.length > 0 ? (
        // Fixed columns: the details take what is left and cut at its edge, so the table never runs past the page.
        <Table striped withTableBorder layout="fixed" data-testid="audit-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={COLUMN_WIDTHS.when}>{t("overview.audit.when")}</Table.Th>
              <Table.Th w={COLUMN_WIDTHS.who}>{t("overview.audit.who")}</Table.Th>
              <Table.Th w={COLUMN_WIDTHS.what}>{t("overview.audit.what")}</Table.Th>
              <Table.Th>{t("overview.audit.details")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.nodes.map((entry) => (
              <Table.Tr key={entry.id} data-testid="audit-row">
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {formatDate(new Date(entry.created_at), locale)} {time(entry.created_at)}
                </Table.Td>
                <Table.Td>{entry.actor_name ?? t("overview.audit.system")}</Table.Td>
                <Table.Td data-testid="audit-action">{actionText(entry.action)}</Table.Td>
                <Table.Td>
                  <AuditDetails details={entry.details} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={cursors.length <= 1}
          onClick={() => setCursors((current) => current.slice(0, -1))}
          data-testid="audit-previous"
        >
          {t("overview.audit.previous")}
        </Button>
        <Button
          variant="default"
          disabled={!page.data?.next_cursor}
          onClick={() => {
            const next = page.data?.next_cursor;
            if (next) setCursors((current) => [...current, next]);
          }}
          data-testid="audit-next"
        >
          {t("overview.audit.next")}
        </Button>
      </Group>
    </Stack>
  );
}
