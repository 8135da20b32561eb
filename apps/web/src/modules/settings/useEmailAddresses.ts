import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MY_PROFILE_KEY } from "../../app/account/my-profile.ts";
import { request, rest } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
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
  return useToastedMutation({
    run: (email: string) => request(CREATE_EMAIL_ADDRESS_MUTATION, { email }),
    success: ({ create_email_address }) =>
      t("pages.personalSettings.aliases.added", { email: create_email_address.email }),
    refetch: [KEY],
  });
};

/** Removes an alias, saying so (spec 8: success and failure toasts for alias removal). */
export const useRemoveEmailAddress = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (alias: { id: string; email: string }) => request(DELETE_EMAIL_ADDRESS_MUTATION, { id: alias.id }),
    success: (_result, alias) => t("pages.personalSettings.aliases.removed", { email: alias.email }),
    failure: ({ reason }, alias) => t("pages.personalSettings.aliases.removeFailed", { email: alias.email, reason }),
    refetch: [KEY],
  });
};

/**
 * A verified alias becomes the sign-in address after the passcode (spec 6, `user change-email`); the old sign-in
 * address becomes an alias. The user menu, the profile and the list all show the swap. A refusal (a wrong
 * passcode) is shown in the dialog, not in a toast.
 */
export const useMakeSignInAddress = (aliasId: string | null, onDone: () => void) => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (passcode: string) =>
      rest<{ email: string }>("POST", `/email-addresses/${encodeURIComponent(aliasId ?? "")}/sign-in`, { passcode }),
    networkMode: "always",
    success: ({ email }) => t("pages.personalSettings.aliases.madeSignIn", { email }),
    onSuccess: onDone,
    refetch: [KEY, ME_QUERY_KEY, MY_PROFILE_KEY],
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
