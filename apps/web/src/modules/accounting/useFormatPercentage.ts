import { formatPercentage, percentageToBasisPoints } from "@kort/core";
import { useCallback } from "react";
import { useLocale } from "../../app/i18n/useLocale.ts";

/** A tax percentage as the API gives it (24, 5.5), written the language's way: `24%`, `5,5%` / `5.5%`. */
export const useFormatPercentage = (): ((percentage: number) => string) => {
  const locale = useLocale();
  return useCallback(
    (percentage: number) => formatPercentage(percentageToBasisPoints(percentage) ?? 0, locale),
    [locale],
  );
};
