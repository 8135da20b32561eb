import { signedLinkNeedsRefresh } from "@kort/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import {
  INVOICE_QUERY,
  INVOICE_SETTINGS_QUERY,
  INVOICES_QUERY,
  type InvoiceItem,
  ISSUE_CURRENT_INVOICE_MUTATION,
  SEND_INVOICE_MUTATION,
  SET_INVOICE_DUE_DAYS_MUTATION,
} from "./invoices.graphql.ts";

const INVOICES_ROOT = "invoices";
/** Two years of monthly invoices on one page. */
const PAGE = 24;

export const useInvoices = () =>
  useQuery({
    queryKey: [INVOICES_ROOT, "list"],
    queryFn: async ({ signal }) => (await request(INVOICES_QUERY, { first: PAGE }, { signal })).invoices,
  });

/**
 * The invoice with links that still work: as listed while they are good for more than the margin (spec 4: 4 s),
 * else asked for again, so a link opened after the page sat idle is never an expired one.
 */
export const useFreshInvoice = () => {
  const queryClient = useQueryClient();
  return async (invoice: InvoiceItem): Promise<InvoiceItem> => {
    if (!signedLinkNeedsRefresh(invoice.url_expires_at)) return invoice;
    return queryClient.fetchQuery({
      queryKey: [INVOICES_ROOT, "one", invoice.id],
      queryFn: async ({ signal }) => (await request(INVOICE_QUERY, { id: invoice.id }, { signal })).invoice,
      staleTime: 0,
    });
  };
};

const useInvoiceMutation = <V>(run: (variables: V) => Promise<unknown>, failure: "send" | "issue" | "dueDays") => {
  const { t } = useTranslation();
  return useToastedMutation({
    run,
    success: () => t(`invoices.toast.${failure}`),
    failure: ({ reason }) => t(`invoices.errors.${failure}`, { reason }),
    refetch: [[INVOICES_ROOT]],
  });
};

export const useSendInvoice = () => useInvoiceMutation((id: string) => request(SEND_INVOICE_MUTATION, { id }), "send");

export const useIssueCurrentInvoice = () =>
  useInvoiceMutation(() => request(ISSUE_CURRENT_INVOICE_MUTATION, {}), "issue");

export const useInvoiceSettings = () =>
  useQuery({
    queryKey: [INVOICES_ROOT, "settings"],
    queryFn: async ({ signal }) => (await request(INVOICE_SETTINGS_QUERY, {}, { signal })).invoice_settings,
  });

export const useSetInvoiceDueDays = () =>
  useInvoiceMutation((days: number) => request(SET_INVOICE_DUE_DAYS_MUTATION, { days }), "dueDays");
