import { APP_PATHS } from "./app-paths.ts";

/**
 * Where tapping a notice in the app goes (issue 17): a reminder of one purchase opens that purchase, of several the
 * purchases list; a receipt notice, or the holder's notice of a card locked for review, its purchase when it has one.
 * Others stay on the list (null).
 */
export const notificationLink = (kind: string, payload: Record<string, unknown>): string | null => {
  const ids = Array.isArray(payload.transaction_ids)
    ? payload.transaction_ids.filter((id): id is string => typeof id === "string")
    : [];
  const [only] = ids;
  switch (kind) {
    case "transaction.reminder":
      return ids.length === 1 && only ? APP_PATHS.transaction(only) : APP_PATHS.transactions;
    case "receipt.attached":
    case "receipt.suggested":
    case "card.locked_for_review":
      return typeof payload.transaction_id === "string" ? APP_PATHS.transaction(payload.transaction_id) : null;
    default:
      return null;
  }
};
