import { formatMoney } from "@kort/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { localeOf, parseLanguage } from "./language.ts";

/** Formats ISK amounts in the interface's language: `1.234.567 kr.` (is) or `ISK 1,234,567` (en). */
export const useFormatMoney = (): ((amount: number) => string) => {
  const { i18n } = useTranslation();
  const locale = localeOf(parseLanguage(i18n.resolvedLanguage ?? i18n.language));
  return useCallback((amount: number) => formatMoney(amount, { locale }), [locale]);
};
