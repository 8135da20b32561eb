import { useMutation, useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import { SEND_SUPPORT_MESSAGE, SUPPORT_CONFIG_QUERY } from "./support.graphql.ts";

export const useSupportConfig = () =>
  useQuery({
    queryKey: ["support-config"],
    queryFn: async ({ signal }) =>
      (await request(SUPPORT_CONFIG_QUERY, {}, { signal, withProject: false })).support_config,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSendSupportMessage = () =>
  useMutation({
    mutationFn: (input: { subject: string; message: string }) =>
      request(SEND_SUPPORT_MESSAGE, { input: { subject: input.subject || null, message: input.message } }),
  });
