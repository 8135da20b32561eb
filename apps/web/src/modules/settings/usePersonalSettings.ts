import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toApiError } from "../../app/api/api-error.ts";
import { rest, upload } from "../../app/api/client.ts";
import { errorKey } from "../../app/api/error-key.ts";
import type { Language } from "../../app/i18n/language.ts";
import { ME_QUERY_KEY } from "../../app/session/useMe.ts";

const failed = (message: string) => notifications.show({ color: "red", message, "data-testid": "toast-error" });

/** Uploads the profile photo; the server decides by content (JPEG, PNG, GIF), so no check here can disagree with it. */
export const useUploadPhoto = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return upload<{ id: string }>("/users/current/image", form);
    },
    onSuccess: async () => {
      notifications.show({
        color: "teal",
        message: t("pages.personalSettings.photoSaved"),
        "data-testid": "toast-success",
      });
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onError: (error) =>
      failed(t("pages.personalSettings.photoRefused", { reason: t(errorKey(toApiError(error).code)) })),
  });
};

/** Stores the interface language on the user, so e-mails and PDFs made for them follow it. */
export const useStoreLanguage = () => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (language: Language) =>
      rest("PUT", "/users/current/locale", { locale: language === "en" ? "en-US" : "is-IS" }),
    onError: (error) =>
      failed(t("pages.personalSettings.languageSaveFailed", { reason: t(errorKey(toApiError(error).code)) })),
  });
};
