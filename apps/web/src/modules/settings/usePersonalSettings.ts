import { useTranslation } from "react-i18next";
import { rest, upload } from "../../app/api/client.ts";
import { useToastedMutation } from "../../app/api/toasted-mutation.ts";
import type { Language } from "../../app/i18n/language.ts";
import { ME_QUERY_KEY } from "../../app/session/useMe.ts";

/** Uploads the profile photo; the server decides by content (JPEG, PNG, GIF), so no check here can disagree with it. */
export const useUploadPhoto = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (file: File) => {
      const form = new FormData();
      form.append("file", file, file.name);
      return upload<{ id: string }>("/users/current/image", form);
    },
    success: () => t("pages.personalSettings.photoSaved"),
    failure: ({ reason }) => t("pages.personalSettings.photoRefused", { reason }),
    refetch: [ME_QUERY_KEY],
  });
};

/** Stores the interface language on the user, so e-mails and PDFs made for them follow it. */
export const useStoreLanguage = () => {
  const { t } = useTranslation();
  return useToastedMutation({
    run: (language: Language) =>
      rest("PUT", "/users/current/locale", { locale: language === "en" ? "en-US" : "is-IS" }),
    failure: ({ reason }) => t("pages.personalSettings.languageSaveFailed", { reason }),
  });
};
