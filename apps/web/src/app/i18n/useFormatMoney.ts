import { formatMoney } from "@kort/core";
import { useCallback } from "react";
import { useLocale } from "./useLocale.ts";

/** Formats ISK amounts: `1.234.567 kr.` in both languages (spec 1). */
export const useFormatMoney = (): ((amount: number) => string) => {
  const locale = useLocale();
  return useCallback((amount: number) => formatMoney(amount, { locale }), [locale]);
};
