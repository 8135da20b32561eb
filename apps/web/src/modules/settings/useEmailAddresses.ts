import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MY_PROFILE_KEY } from "../../app/account/my-profile.ts";
import { toApiError } from "../../app/api/api-error.ts";
import { request, rest } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
import { ME_QUERY_KEY } from "../../app/session/useMe.ts";
import {
  CREATE_EMAIL_ADDRESS_MUTATION,
  DELETE_EMAIL_ADDRESS_MUTATION,
  EMAIL_ADDRESSES_QUERY,
} from "./email-addresses.graphql.ts";

const KEY = ["email-addresses"];

export const useEmailAddresses = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await request(EMAIL_ADDRESSES_QUERY, {}, { signal })).email_addresses,
  });

/** Adds an alias; the caller shows a refusal by the field (invalid, taken), so no toast for errors here. */
export const useAddEmailAddress = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => request(CREATE_EMAIL_ADDRESS_MUTATION, { email }),
    onSuccess: async ({ create_email_address }) => {
      notifications.show({
        color: "teal",
        message: t("pages.personalSettings.aliases.added", { email: create_email_address.email }),
        "data-testid": "toast-success",
      });
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
};

/** Removes an alias, saying so (spec 8: success and failure toasts for alias removal). */
export const useRemoveEmailAddress = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alias: { id: string; email: string }) => request(DELETE_EMAIL_ADDRESS_MUTATION, { id: alias.id }),
    onSuccess: async (_result, alias) => {
      notifications.show({
        color: "teal",
        message: t("pages.personalSettings.aliases.removed", { email: alias.email }),
        "data-testid": "toast-success",
      });
      await queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error, alias) => {
      const reason = t(errorKey(toApiError(error).code));
      notifications.show({
        color: "red",
        message: t("pages.personalSettings.aliases.removeFailed", { email: alias.email, reason }),
        "data-testid": "toast-error",
      });
    },
  });
};

/**
 * A verified alias becomes the sign-in address after the passcode (spec 6, `user change-email`); the old sign-in
 * address becomes an alias. The user menu, the profile and the list all show the swap.
 */
export const useMakeSignInAddress = (aliasId: string | null, onDone: () => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (passcode: string) =>
      rest<{ email: string }>("POST", `/email-addresses/${encodeURIComponent(aliasId ?? "")}/sign-in`, { passcode }),
    networkMode: "always",
    onSuccess: async ({ email }) => {
      onDone();
      notifications.show({
        color: "teal",
        message: t("pages.personalSettings.aliases.madeSignIn", { email }),
        "data-testid": "toast-success",
      });
      await Promise.all(
        [KEY, ME_QUERY_KEY, MY_PROFILE_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
};

export type AliasLink = { id: string; expires: string; signature: string };

export const readAliasLink = (params: URLSearchParams): AliasLink | null => {
  const id = params.get("id");
  const expires = params.get("expires");
  const signature = params.get("signature");
  return id && expires && signature ? { id, expires, signature } : null;
};

/** Verifies the alias from its e-mail's link: a query, so a page mounted twice posts once (verifying again is harmless). */
export const useVerifyAlias = (link: AliasLink | null) =>
  useQuery({
    queryKey: ["email-address-verify", link?.id, link?.signature],
    queryFn: () =>
      rest<{ email: string }>("POST", `/email-addresses/${encodeURIComponent(link?.id ?? "")}/verify`, {
        expires: link?.expires,
        signature: link?.signature,
      }),
    enabled: link !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
