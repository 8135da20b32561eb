import { notifications } from "@mantine/notifications";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type ApiErrorCode, toApiError } from "./api-error.ts";
import { errorKey } from "./error-key.ts";

/** The toast that says a change was made (spec 8); tests find it by its test id. */
export const showSuccess = (message: string): void => {
  notifications.show({ color: "teal", message, "data-testid": "toast-success" });
};

/** The toast that says a change was refused, with the error's code for tests and support. */
export const showFailure = (message: string, code?: ApiErrorCode): void => {
  notifications.show({ color: "red", message, "data-testid": "toast-error", "data-code": code });
};

/** Why a change was refused: the server's (or the client's) code, and its text in the user's language. */
export type Refusal = { code: ApiErrorCode; reason: string };

export type ToastedMutation<Input, Result> = {
  /** The change itself: a GraphQL mutation, a REST call, an upload. */
  run: (input: Input) => Promise<Result>;
  /** The success toast's words; no toast when absent or when it answers undefined. */
  success?: (result: Result, input: Input) => string | undefined;
  /**
   * The failure toast's words. Spec 8 names what failed and then why ("Could not X: reason"); `reason` is the code's
   * translation. No toast when absent (the form shows the refusal itself).
   */
  failure?: (refusal: Refusal, input: Input) => string;
  /** What to refetch after a success. */
  refetch?: readonly QueryKey[];
  /** Codes after which `refetch` runs too: someone else changed the same thing first (CONFLICT). */
  refetchAfter?: readonly ApiErrorCode[];
  /** After the success toast and before the refetch; it runs even when the caller has unmounted meanwhile. */
  onSuccess?: (result: Result, input: Input) => void;
  /** After the failure toast, with the error as thrown (a form that shows it in place). */
  onError?: (error: Error, input: Input) => void;
  /** TanStack Query's network mode, for a change that must be tried even when the browser says it is offline. */
  networkMode?: "online" | "always" | "offlineFirst";
};

/**
 * The one way the dashboard makes a change: run it, say it worked or why not in a toast, and refetch what it
 * changed. Each module's hook (cards, people, teams, ...) says only its words and its query keys.
 */
export const useToastedMutation = <Input, Result>(options: ToastedMutation<Input, Result>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all((options.refetch ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<Result, Error, Input>({
    mutationFn: options.run,
    networkMode: options.networkMode,
    onSuccess: async (result: Result, input: Input) => {
      const message = options.success?.(result, input);
      if (message !== undefined) showSuccess(message);
      options.onSuccess?.(result, input);
      await refetch();
    },
    onError: async (error: Error, input: Input) => {
      const { code } = toApiError(error);
      if (options.failure) showFailure(options.failure({ code, reason: t(errorKey(code)) }, input), code);
      options.onError?.(error, input);
      if (options.refetchAfter?.includes(code)) await refetch();
    },
  });
};
