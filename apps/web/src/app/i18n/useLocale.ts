import type { Locale } from "@kort/core";
import { useTranslation } from "react-i18next";
import { localeOf, parseLanguage } from "./language.ts";

/** The locale money and dates are written in: the interface's language as i18next resolved it. */
export const useLocale = (): Locale => {
  const { i18n } = useTranslation();
  return localeOf(parseLanguage(i18n.resolvedLanguage ?? i18n.language));
};
