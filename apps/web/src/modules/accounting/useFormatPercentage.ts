import { formatPercentage, percentageToBasisPoints } from "@kort/core";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { localeOf, parseLanguage } from "../../app/i18n/language.ts";

/** A tax percentage as the API gives it (24, 5.5), written the language's way: `24%`, `5,5%` / `5.5%`. */
export const useFormatPercentage = (): ((percentage: number) => string) => {
  const { i18n } = useTranslation();
  const locale = localeOf(parseLanguage(i18n.resolvedLanguage ?? i18n.language));
  return useCallback(
    (percentage: number) => formatPercentage(percentageToBasisPoints(percentage) ?? 0, locale),
    [locale],
  );
};
