import type { JobStatus } from "@kort/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { LEDGER_QUERY_ROOT } from "../expenses/ledger-queries.ts";
import {
  CREATE_EXPORT_MUTATION,
  EXPORT_ACCOUNTS_QUERY,
  EXPORT_CHECK_QUERY,
  EXPORT_FORMATS_QUERY,
  EXPORT_QUERY,
  EXPORTS_QUERY,
  type ExportAccountsInput,
  type ExportInput,
  type ExportItem,
  RETRY_EXPORT_MUTATION,
  SET_EXPORT_ACCOUNTS_MUTATION,
} from "./exports.graphql.ts";

/** Exports' queries: a key of their own; a finished export also refreshes the ledger (its exported flags). */
const EXPORTS_ROOT = "exports";
/** The list asks again this often while an export runs, so the progress bar moves without a reload. */
const POLL_MS = 1000;
const RECENT = 20;

export const isRunning = (status: JobStatus): boolean =>
  status === "created" || status === "pending" || status === "started";

export const useExportFormats = () =>
  useQuery({
    queryKey: [EXPORTS_ROOT, "formats"],
    queryFn: async ({ signal }) => (await request(EXPORT_FORMATS_QUERY, {}, { signal })).export_formats,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useExports = (enabled: boolean) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [EXPORTS_ROOT, "list"],
    queryFn: async ({ signal }) => {
      const page = (await request(EXPORTS_QUERY, { first: RECENT }, { signal })).exports;
      // When an export this list watched finishes, the rows it stamped show their flag.
      const previous = queryClient.getQueryData<{ nodes: ExportItem[] }>([EXPORTS_ROOT, "list"]);
      const finished = page.nodes.some(
        (item) =>
          item.status === "completed" &&
          previous?.nodes.some((before) => before.id === item.id && isRunning(before.status)),
      );
      if (finished) await queryClient.invalidateQueries({ queryKey: [LEDGER_QUERY_ROOT] });
      return page;
    },
    enabled,
    refetchInterval: (query) => (query.state.data?.nodes.some((item) => isRunning(item.status)) ? POLL_MS : false),
  });
};

/** What an export would write and what its format cannot carry, asked again as the choices change. */
export const useExportCheck = (input: ExportInput | null) =>
  useQuery({
    queryKey: [EXPORTS_ROOT, "check", input],
    queryFn: async ({ signal }) =>
      input ? (await request(EXPORT_CHECK_QUERY, { input }, { signal })).export_check : null,
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

const useExportMutation = <V>(run: (variables: V) => Promise<unknown>, failure: "create" | "retry") => {
  const { t } = useTranslation();
  return useToastedMutation({
    run,
    failure: ({ reason }) => t(`exports.errors.${failure}`, { reason }),
    refetch: [[EXPORTS_ROOT, "list"]],
  });
};

export const useCreateExport = () =>
  useExportMutation((input: ExportInput) => request(CREATE_EXPORT_MUTATION, { input }), "create");

export const useRetryExport = () => useExportMutation((id: string) => request(RETRY_EXPORT_MUTATION, { id }), "retry");

/** The export with a link good for downloading now (fetched again when it is past or near its expiry). */
export const useFreshExport = () => {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.fetchQuery({
      queryKey: [EXPORTS_ROOT, "one", id],
      queryFn: async ({ signal }) => (await request(EXPORT_QUERY, { id }, { signal })).export,
      staleTime: 0,
    });
};

/** The ledger accounts the journal exports post to (owners and accountants change them). */
export const useExportAccounts = () =>
  useQuery({
    queryKey: [EXPORTS_ROOT, "accounts"],
    queryFn: async ({ signal }) => (await request(EXPORT_ACCOUNTS_QUERY, {}, { signal })).export_accounts,
  });

export const useSetExportAccounts = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (input: ExportAccountsInput) => request(SET_EXPORT_ACCOUNTS_MUTATION, input),
    success: () => t("exports.accounts.saved"),
    failure: ({ reason }) => t("exports.errors.accounts", { reason }),
    refetch: [
      [EXPORTS_ROOT, "list"],
      [EXPORTS_ROOT, "accounts"],
    ],
  });
};
