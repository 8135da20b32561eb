import { AUDIT_AREAS, type AuditArea, formatDate } from "@kort/core";
import { Alert, Button, Group, Loader, MultiSelect, Select, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { useNamePage } from "../../app/shell/header/page-subtitle.ts";
import { MenuPage } from "../../app/shell/menu/MenuPage.tsx";
import { DateField } from "../../ui/date-field/DateField.tsx";
import { ColumnHeader, CutText, NoWrapCell, ShrinkCell } from "../../ui/table/cells.tsx";
import { ReadingTableBox } from "../../ui/table/ReadingTableBox.tsx";
import { useProjectUsers } from "../people/useProjectUsers.ts";
import { auditDetailsText } from "./audit-details.ts";
import { useAuditFormat } from "./useAuditFormat.ts";
import { type AuditFilters, useAuditPage } from "./useOverview.ts";

/** Until the company's people have loaded: one empty list, so the details' format is not made anew each render. */
const NO_PEOPLE: readonly { user_id: string; full_name: string }[] = [];

const time = (iso: string) => new Date(iso).toISOString().slice(11, 16);

/**
 * `/overview/audit-log` (issue 16), owners: every change to cards, limits, roles, people, teams, categories, exports,
 * invoices and credit, newest first, filtered by who, what and when, a page at a time by cursor.
 */
export function AuditLogPage() {
  return (
    <MenuPage item="audit-log">
      <AuditLog />
    </MenuPage>
  );
}

function AuditLog() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  useNamePage(t("overview.audit.title"));
  const [filters, setFilters] = useState<AuditFilters>({ areas: [], actorId: null, fromDate: null, toDate: null });
  // The cursors of the pages before the one shown: Back pops one, Next pushes the page's own.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const page = useAuditPage(filters, after);
  const users = useProjectUsers();
  const details = useAuditFormat(users.data ?? NO_PEOPLE);
  const filter = (next: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setCursors([null]);
  };
  const actionText = (action: string) =>
    i18n.exists(`overview.audit.actions.${action}`) ? t(`overview.audit.actions.${action}` as never) : action;

  return (
    <Stack gap="md" p="md" data-testid="audit-log-page">
      <Group align="flex-end" gap="sm">
        {/* Widths that keep the four filters on one line from 1280 px (the menu open) up. */}
        <MultiSelect
          w={260}
          maw="100%"
          label={t("overview.audit.what")}
          placeholder={t("overview.audit.everything")}
          data={AUDIT_AREAS.map((area) => ({ value: area, label: t(`overview.audit.areas.${area}`) }))}
          value={filters.areas}
          onChange={(values) => filter({ areas: AUDIT_AREAS.filter((area: AuditArea) => values.includes(area)) })}
          clearable
          data-testid="audit-filter-what"
        />
        <Select
          w={220}
          maw="100%"
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
          w={170}
          label={t("overview.audit.from")}
          value={filters.fromDate}
          onChange={(fromDate) => filter({ fromDate })}
          clearable
          data-testid="audit-filter-from"
        />
        <DateField
          w={170}
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
        <ReadingTableBox label={t("overview.audit.title")}>
          <Table striped withTableBorder data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <ColumnHeader label={t("overview.audit.when")} />
                <ColumnHeader label={t("overview.audit.who")} />
                <ColumnHeader label={t("overview.audit.what")} />
                {/* The details give up width first and cut at the column's edge, the whole of them on hover. */}
                <ColumnHeader label={t("overview.audit.details")} shrink={{ share: "45%", min: 160 }} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data.nodes.map((entry) => (
                <Table.Tr key={entry.id} data-testid="audit-row">
                  <NoWrapCell>
                    {formatDate(new Date(entry.created_at), locale)} {time(entry.created_at)}
                  </NoWrapCell>
                  <Table.Td>{entry.actor_name ?? t("overview.audit.system")}</Table.Td>
                  <Table.Td data-testid="audit-action">{actionText(entry.action)}</Table.Td>
                  <ShrinkCell>
                    <CutText size="xs" data-testid="audit-details">
                      {auditDetailsText(entry.details, entry.action, details)}
                    </CutText>
                  </ShrinkCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ReadingTableBox>
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
