import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { request } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import { SEND_SUPPORT_MESSAGE, SUPPORT_CONFIG_QUERY } from "./support.graphql.ts";

export const useSupportConfig = () =>
  useQuery({
    queryKey: ["support-config"],
    queryFn: async ({ signal }) =>
      (await request(SUPPORT_CONFIG_QUERY, {}, { signal, withProject: false })).support_config,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Sends a message to support; a refusal is shown in the form (ApiErrorAlert), the sending in a toast. */
export const useSendSupportMessage = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (input: { subject: string; message: string }) =>
      request(SEND_SUPPORT_MESSAGE, { input: { subject: input.subject || null, message: input.message } }),
    success: () => t("support.sent"),
  });
};
