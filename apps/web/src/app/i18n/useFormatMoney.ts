import { formatMoney } from "@kort/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { localeOf, parseLanguage } from "./language.ts";

/** Formats ISK amounts: `1.234.567 kr.` in both languages (spec 1). */
export const useFormatMoney = (): ((amount: number) => string) => {
  const { i18n } = useTranslation();
  const locale = localeOf(parseLanguage(i18n.resolvedLanguage ?? i18n.language));
  return useCallback((amount: number) => formatMoney(amount, { locale }), [locale]);
};
