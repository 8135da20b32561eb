import { formatDate } from "@kort/core";
import { useCallback } from "react";
import { useLocale } from "../app/i18n/useLocale.ts";

/** A date as the reader writes it (core's formatDate: 21.11.2026 in Icelandic). */
export const useShortDate = (): ((value: string | Date) => string) => {
  const locale = useLocale();
  return useCallback((value: string | Date) => formatDate(new Date(value), locale), [locale]);
};
