import { formatDate } from "@kort/core";
import { useCallback } from "react";
import { useLocale } from "../../app/i18n/useLocale.ts";

/** A day in the interface's language (`01.02.2026` / `1 Feb 2026`); empty text for none. */
export const useFormatDay = (): ((iso: string | null) => string) => {
  const locale = useLocale();
  return useCallback((iso: string | null) => (iso ? formatDate(new Date(iso), locale) : ""), [locale]);
};
