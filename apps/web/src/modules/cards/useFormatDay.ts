import { formatDate } from "@kort/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { localeOf, parseLanguage } from "../../app/i18n/language.ts";

/** A day in the interface's language (`01.02.2026` / `1 Feb 2026`); empty text for none. */
export const useFormatDay = (): ((iso: string | null) => string) => {
  const { i18n } = useTranslation();
  const locale = localeOf(parseLanguage(i18n.resolvedLanguage ?? i18n.language));
  return useCallback((iso: string | null) => (iso ? formatDate(new Date(iso), locale) : ""), [locale]);
};
