import { formatDate, formatMoney, formatPercentage } from "@kort/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../app/i18n/useLocale.ts";
import type { AuditFormat } from "./audit-details.ts";

/** The catalogues that name the codes an audit row records, by the field that holds them. */
const CODE_CATALOGUES: Readonly<Record<string, readonly string[]>> = {
  period: ["cards.period"],
  card_type: ["cards.type"],
  role: ["roles"],
  status: ["cards.status"],
  reason: ["overview.audit.reasons"],
  // A change's before and after: a card's status (freeze), a person's role (set_role), the company's plan.
  from: ["cards.status", "roles", "accounting.plan"],
  to: ["cards.status", "roles", "accounting.plan"],
  // Which purchases a capture tolerance is for.
  kind: ["accounting.captureTolerance.kinds"],
};

/** The reader's language and formats for an audit row's details (audit-details.ts), with the company's people. */
export const useAuditFormat = (people: readonly { user_id: string; full_name: string }[]): AuditFormat => {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  return useMemo(() => {
    const names = new Map(people.map((person) => [person.user_id, person.full_name]));
    const named = (key: string): string | undefined => (i18n.exists(key) ? t(key as never) : undefined);
    return {
      field: (key) => named(`overview.audit.fields.${key}`),
      code: (key, value) =>
        (CODE_CATALOGUES[key] ?? []).map((catalogue) => named(`${catalogue}.${value}`)).find(Boolean),
      person: (id) => names.get(id),
      money: (amount) => formatMoney(amount, { locale }),
      percent: (basisPoints) => formatPercentage(basisPoints, locale),
      date: (iso) => {
        const at = new Date(iso);
        // Shaped like a day but not one (2026-13-45): shown as recorded.
        if (Number.isNaN(at.getTime())) return iso;
        const day = formatDate(at, locale);
        const time = at.toISOString().slice(11, 16);
        return iso.length > 10 && time !== "00:00" ? `${day} ${time}` : day;
      },
      yes: t("overview.audit.yes"),
      no: t("overview.audit.no"),
    };
  }, [t, i18n, locale, people]);
};
