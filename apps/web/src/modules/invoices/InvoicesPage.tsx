import { billingPeriodName, formatDate, formatMoney, parseIsoDate } from "@kort/core";
import { Badge, Button, Group, Loader, Menu, Modal, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconDownload, IconEye, IconFileInvoice, IconSend } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { useLocale } from "../../app/i18n/useLocale.ts";
import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { MenuPage } from "../../app/shell/menu/MenuPage.tsx";
import { EmptyPage } from "../../ui/empty-page/EmptyPage.tsx";
import { FigureCell, NoWrapCell } from "../../ui/table/cells.tsx";
import { RowMenu } from "../../ui/table/RowMenu.tsx";
import { InvoiceDueDays } from "./InvoiceDueDays.tsx";
import type { InvoiceItem } from "./invoices.graphql.ts";
import { useFreshInvoice, useInvoices, useIssueCurrentInvoice, useSendInvoice } from "./useInvoices.ts";

/** pdf.js is large: loaded when a person opens an invoice, never on the first load. */
const PdfViewer = lazy(() => import("./PdfViewer.tsx"));

const STATUS_COLORS = { completed: "teal", failed: "red", created: "blue", pending: "blue", started: "blue" } as const;

/** Saves a file through a link (same origin, so `download` names it whatever the server's disposition). */
const saveFile = (url: string, name: string) => {
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
};

/** `/invoices` (spec 2, issue 15): the card issuer's invoices, one per billing period, newest first. */
export function InvoicesPage() {
  return (
    <MenuPage item="invoices">
      <Invoices />
    </MenuPage>
  );
}

function Invoices() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  const role = useCurrentRole(useSelectedProjectId()).data ?? null;
  const issue = useIssueCurrentInvoice();
  const [viewing, setViewing] = useState<{ invoice: InvoiceItem; url: string } | null>(null);

  if (invoices.isPending) return <Loader size="sm" aria-label={t("states.loading")} />;
  if (invoices.isError) {
    return (
      <Text c="red" role="alert" data-testid="invoices-error">
        {t("invoices.errors.fetch", { reason: t(errorKey(toApiError(invoices.error).code)) })}
      </Text>
    );
  }
  const nodes = invoices.data.nodes;
  // Demo mode lets an owner issue the running period now (the server refuses it in production and to others).
  const issueNow = role === "project_owner" && (
    <Button
      variant="light"
      leftSection={<IconFileInvoice size={16} />}
      loading={issue.isPending}
      onClick={() => issue.mutate(undefined)}
      data-testid="invoice-issue-now"
    >
      {t("invoices.issueNow")}
    </Button>
  );
  if (nodes.length === 0) {
    return (
      <Stack gap="md" data-testid="invoices-empty">
        <EmptyPage
          title={t("pages.invoices.emptyTitle")}
          description={t("pages.invoices.emptyBody")}
          icon={<IconFileInvoice size={28} stroke={1.5} />}
        />
        {issueNow && <Group justify="center">{issueNow}</Group>}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {role === "project_owner" && <InvoiceDueDays />}
      <Table.ScrollContainer minWidth={0} type="native">
        <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="invoices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("invoices.list.number")}</Table.Th>
              <Table.Th>{t("invoices.list.issuer")}</Table.Th>
              <Table.Th>{t("invoices.list.period")}</Table.Th>
              <Table.Th>{t("invoices.list.issueDate")}</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>{t("invoices.list.amount")}</Table.Th>
              <Table.Th>{t("invoices.list.status")}</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>{t("invoices.list.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {nodes.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} onView={(url) => setViewing({ invoice, url })} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        size="auto"
        title={viewing ? t("invoices.viewer.title", { number: viewing.invoice.number }) : ""}
      >
        {viewing && (
          <Suspense fallback={<Loader size="sm" aria-label={t("states.loading")} />}>
            <PdfViewer url={viewing.url} />
          </Suspense>
        )}
      </Modal>
    </Stack>
  );
}

function InvoiceRow({ invoice, onView }: { invoice: InvoiceItem; onView: (url: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const fresh = useFreshInvoice();
  const send = useSendInvoice();
  const issued = parseIsoDate(invoice.issue_date);
  // Spec 4: started is shown as pending.
  const shown = invoice.status === "started" || invoice.status === "created" ? "pending" : invoice.status;
  const withLinks = async (use: (current: InvoiceItem) => void) => use(await fresh(invoice));
  const stem = invoice.file_name?.replace(/\.xml$/, "") ?? `invoice-${invoice.number}`;
  return (
    <Table.Tr data-testid="invoice-row" data-number={invoice.number}>
      <NoWrapCell>{invoice.number}</NoWrapCell>
      <Table.Td data-testid="invoice-issuer">{invoice.issuer}</Table.Td>
      <NoWrapCell data-testid="invoice-period">{billingPeriodName(invoice.period.to, locale)}</NoWrapCell>
      <NoWrapCell>{issued ? formatDate(issued, locale) : invoice.issue_date}</NoWrapCell>
      <FigureCell data-testid="invoice-amount">{formatMoney(invoice.total_amount, { locale })}</FigureCell>
      <NoWrapCell>
        <Group gap={4} wrap="nowrap">
          <Badge color={STATUS_COLORS[invoice.status]} variant="light" data-testid="invoice-status">
            {t(`invoices.status.${shown}`)}
          </Badge>
          {invoice.sent_at && (
            <Badge color="gray" variant="light" data-testid="invoice-sent" title={invoice.sent_to ?? undefined}>
              {t("invoices.list.sent")}
            </Badge>
          )}
        </Group>
      </NoWrapCell>
      <Table.Td>
        <RowMenu label={t("invoices.list.actions")} testId="invoice-actions">
          <Menu.Item
            leftSection={<IconEye size={14} />}
            onClick={() => withLinks((current) => current.pdf_url && onView(current.pdf_url))}
            data-testid="invoice-view"
          >
            {t("invoices.actions.view")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDownload size={14} />}
            onClick={() => withLinks((current) => current.pdf_url && saveFile(current.pdf_url, `${stem}.pdf`))}
            data-testid="invoice-download-pdf"
          >
            {t("invoices.actions.downloadPdf")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconDownload size={14} />}
            onClick={() => withLinks((current) => current.file_url && saveFile(current.file_url, `${stem}.xml`))}
            data-testid="invoice-download-xml"
          >
            {t("invoices.actions.downloadXml")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconSend size={14} />}
            disabled={send.isPending}
            onClick={() => send.mutate(invoice.id)}
            data-testid="invoice-send"
          >
            {t("invoices.actions.send")}
          </Menu.Item>
        </RowMenu>
      </Table.Td>
    </Table.Tr>
  );
}
