import type { JobStatus } from "@kort/core";
import { notifications } from "@mantine/notifications";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { request } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
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

const useExportMutation = <V>(run: (variables: V) => Promise<unknown>, failure: "create" | "retry" | "accounts") => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [EXPORTS_ROOT, "list"] });
    },
    onError: (error) =>
      notifications.show({
        color: "red",
        message: t(`exports.errors.${failure}`, { reason: t(errorKey(toApiError(error).code)) }),
        "data-testid": "toast-error",
      }),
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
  const queryClient = useQueryClient();
  const mutation = useExportMutation(
    (input: ExportAccountsInput) => request(SET_EXPORT_ACCOUNTS_MUTATION, input),
    "accounts",
  );
  return {
    ...mutation,
    save: (input: ExportAccountsInput) =>
      mutation.mutate(input, {
        onSuccess: async () => {
          notifications.show({ color: "teal", message: t("exports.accounts.saved"), "data-testid": "toast-success" });
          await queryClient.invalidateQueries({ queryKey: [EXPORTS_ROOT, "accounts"] });
        },
      }),
  };
};
