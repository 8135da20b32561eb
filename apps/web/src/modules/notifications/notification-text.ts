import { formatMoney, isUuid, type Locale } from "@kort/core";
import { PATHS } from "../../app/router/paths.ts";

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
  "card.locked_for_review",
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
    | "lockedForReview"
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
    case "card.locked_for_review":
      return { key: "lockedForReview", values: { excess: isk(p.excess_isk) } };
    default:
      return { key: "other", values: {} };
  }
};

/** A UUID as the server writes ids: anything else in a payload is not a link (the path would lead nowhere). */
const idOf = (value: unknown): string | undefined => (typeof value === "string" && isUuid(value) ? value : undefined);

/**
 * Where the dashboard opens a notice: what it is about, when the payload names it (the purchase a clearing went over,
 * a receipt went to or a reminder is about, the team over its budget, the rules for a proposal); the employee app has
 * its own for its pages (mobile/notification-link.ts). The page asks the server as any visit
 * does, so a notice never opens more than its reader may see. Undefined: the notice is only read.
 */
export const notificationTarget = (kind: string, payload: unknown): string | undefined => {
  const p = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {};
  const transaction = idOf(p.transaction_id);
  switch (kind) {
    case "card.capture_over_authorization":
    case "card.locked_for_review":
    case "receipt.attached":
    case "receipt.suggested":
      return transaction && PATHS.expense(transaction);
    case "transaction.reminder": {
      // As in the app (mobile/notification-link.ts): one purchase opens it, several the ledger.
      const ids = Array.isArray(p.transaction_ids) ? p.transaction_ids : [];
      const only = ids.length === 1 ? idOf(ids[0]) : undefined;
      return only ? PATHS.expense(only) : PATHS.expenses;
    }
    case "team.budget_alert": {
      const team = idOf(p.team_id);
      return team && PATHS.team(team);
    }
    case "categorisation.rule_proposed":
      return `${PATHS.accounting}?tab=rules`;
    default:
      return undefined;
  }
};
