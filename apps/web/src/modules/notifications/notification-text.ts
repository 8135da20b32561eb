import { formatMoney, type Locale } from "@kort/core";

/**
 * How a notice reads: its catalogue key under `notifications.kinds` and the values the text needs, from the kind and
 * payload the server wrote (docs/notifications.md lists them). A kind this client does not know reads as the
 * generic text, so a newer server never shows a raw key.
 */
export const NOTIFICATION_KINDS = [
  "export.completed",
  "transaction.reminder",
  "card.capture_over_authorization",
  "receipt.attached",
  "receipt.suggested",
  "receipt.unmatched",
  "team.budget_alert",
  "categorisation.rule_proposed",
  "card.receipts_locked",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationText = {
  key:
    | "exportCompleted"
    | "transactionReminder"
    | "captureOverAuthorization"
    | "receiptAttached"
    | "receiptSuggested"
    | "receiptUnmatched"
    | "teamBudget80"
    | "teamBudget100"
    | "ruleProposed"
    | "receiptsLocked"
    | "other";
  values: Record<string, string | number>;
};

const numberOf = (value: unknown): number => (typeof value === "number" && Number.isSafeInteger(value) ? value : 0);
const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

export const notificationText = (kind: string, payload: unknown, locale: Locale): NotificationText => {
  const p = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {};
  const isk = (value: unknown) => formatMoney(numberOf(value), { locale });
  switch (kind) {
    case "export.completed":
      return { key: "exportCompleted", values: { count: numberOf(p.rows) } };
    case "transaction.reminder":
      return {
        key: "transactionReminder",
        values: { count: Array.isArray(p.transaction_ids) ? p.transaction_ids.length : 0 },
      };
    case "card.capture_over_authorization":
      return { key: "captureOverAuthorization", values: { excess: isk(p.excess_isk) } };
    case "receipt.attached":
      return { key: "receiptAttached", values: { file: textOf(p.file_name) } };
    case "receipt.suggested":
      return { key: "receiptSuggested", values: { file: textOf(p.file_name) } };
    case "receipt.unmatched":
      return { key: "receiptUnmatched", values: { file: textOf(p.file_name) } };
    case "team.budget_alert":
      return {
        key: numberOf(p.level) >= 100 ? "teamBudget100" : "teamBudget80",
        values: { team: textOf(p.team_name), spent: isk(p.spent), budget: isk(p.budget) },
      };
    case "categorisation.rule_proposed":
      return { key: "ruleProposed", values: { merchant: textOf(p.merchant_name) } };
    case "card.receipts_locked":
      return { key: "receiptsLocked", values: { count: numberOf(p.missing_count), days: numberOf(p.days) } };
    default:
      return { key: "other", values: {} };
  }
};
