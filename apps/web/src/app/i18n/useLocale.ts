import type { Locale } from "@kort/core";
import { useTranslation } from "react-i18next";
import { type Language, localeOf, parseLanguage } from "./language.ts";

/**
 * The interface's language. i18next resolves it only once a language has texts when it is set: the first one is
 * set before its texts load (i18n.ts), so until the reader switches, only `language` names it.
 */
export const useLanguage = (): Language => {
  const { i18n } = useTranslation();
  return parseLanguage(i18n.resolvedLanguage ?? i18n.language);
};

/** The locale money and dates are written in: the interface's language. */
export const useLocale = (): Locale => localeOf(useLanguage());
