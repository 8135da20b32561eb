import type { CardStatus, DeclineCode, LimitPeriod } from "@kort/core";
import { rest, upload } from "../app/api/client.ts";

/**
 * The employee app's calls: the REST /v1 calls of spec 7 (funding sources are the caller's own cards). The shapes
 * are the server's output whitelists (apps/server/src/modules/funding-sources/funding-sources.schemas.ts).
 */

export type FundingSource = {
  id: string;
  description: string;
  status: CardStatus;
  enabled: boolean;
  card: {
    masked_number: string;
    expiration_month: number;
    expiration_year: number;
    limits: Array<{ sum_amount: number; period: LimitPeriod }>;
    balance: { settled_balance: number; available_balance: number; currency: string };
    /** The company's design for this card type (issue 16); null for the standard look. */
    design: { id: string; url: string; thumbnail_url: string | null } | null;
    /** The merchant controls its purchases meet, its own or the company's default (issue 19); null for none. */
    merchant_controls: {
      mode: "BLOCK" | "ALLOW_ONLY";
      groups: string[];
      merchants: string[];
      source: "CARD" | "COMPANY_DEFAULT";
    } | null;
  };
};

export type CardDetails = { pan: string; cvc: string; expiry_month: number; expiry_year: number };

export type CardTransaction = {
  id: string;
  merchant_name: string;
  transaction_amount: number;
  transaction_currency: string;
  original_amount: number;
  original_currency: string;
  transaction_date: string;
  category_id: string | null;
  comments: string | null;
};

export type CardAuthorization = {
  id: string;
  amount: number;
  currency: string;
  merchant_name: string;
  /** The merchant's category code: a merchant-group refusal names its group from it. */
  mcc: string;
  status: "pending" | "cleared" | "reversed" | "declined" | "expired";
  decline_code: DeclineCode | null;
  created_at: string;
};

export type Page<T> = { nodes: T[]; total_count: number };
export type CursorPage<T> = Page<T> & { next_cursor: string | null };

/** The query keys of the app's own lists, under the selected company. */
export const myCardsKey = (projectId: string | null) => ["employee-app", projectId, "cards"] as const;

export const myTransactionsKey = (projectId: string | null) => ["employee-app", projectId, "transactions"] as const;
export const transactionKey = (projectId: string | null, id: string) =>
  ["employee-app", projectId, "transaction", id] as const;

const card = (id: string) => `/funding_sources/${encodeURIComponent(id)}` as const;

export const listMyCards = (signal?: AbortSignal) =>
  rest<Page<FundingSource>>("GET", "/funding_sources?limit=50", undefined, { signal });

/** The sensitive call: the passcode is checked by the server (and counts towards the lock). Never cached. */
export const revealCard = (id: string, passcode: string) =>
  rest<CardDetails>("POST", `${card(id)}/sensitive`, { passcode });

export const freezeCard = (id: string, frozen: boolean) =>
  rest<FundingSource>("POST", `${card(id)}/${frozen ? "freeze" : "unfreeze"}`);

/** In-app activation of a card issued as CREATED (card in-app-activation). */
export const activateCard = (id: string) => rest<FundingSource>("POST", `${card(id)}/activate`);

export const cardTransactions = (id: string, page: number, signal?: AbortSignal) =>
  rest<Page<CardTransaction>>("GET", `${card(id)}/transactions?page=${page}&limit=${PAGE_SIZE}`, undefined, {
    signal,
  });

/** A page of the card's authorizations after the cursor of the page before (keyset; null for the first). */
export const cardAuthorizations = (id: string, after: string | null, signal?: AbortSignal) =>
  rest<CursorPage<CardAuthorization>>(
    "GET",
    `${card(id)}/authorizations?limit=${PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    undefined,
    { signal },
  );

export const PAGE_SIZE = 30;

export type TodoMark = "MissingReceipt" | "MissingCategory";

/** The rules a purchase breaks; only the two to-dos are the holder's to act on (a capture over its authorization is the owners'). */
export const todoMarksOf = (violations: readonly { rule_id: string }[]): TodoMark[] =>
  violations
    .map((violation) => violation.rule_id)
    .filter((rule): rule is TodoMark => rule === "MissingReceipt" || rule === "MissingCategory");

/** `GET /v1/transactions`: the caller's own purchases across their cards, with their to-do marks. */
export type MyTransaction = {
  id: string;
  merchant: string;
  description: string;
  transaction_date: string;
  transaction_amount: number;
  transaction_currency: string;
  original_amount: number;
  original_currency: string;
  original_exponent: number;
  unsettled: boolean;
  comments: string | null;
  card: { id: string; last_four: string };
  category: { id: string; title: string; code: string } | null;
  tax_category_id: string | null;
  has_receipt: boolean;
  rule_violations: Array<{ rule_id: string }>;
};

export const myTransactions = (after: string | null, signal?: AbortSignal, todo?: TodoMark) =>
  rest<{ nodes: MyTransaction[]; next_cursor: string | null }>(
    "GET",
    `/transactions?limit=${PAGE_SIZE}${todo ? `&todo=${todo}` : ""}${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    undefined,
    { signal },
  );

/** One purchase, with its sub-categories: the values chosen for its category's dimensions (one per dimension). */
export type MyTransactionDetails = MyTransaction & {
  /** Absent only from an answer the app's cache kept from before the server sent it. */
  sub_categories?: Array<{ dimension_id: string; dimension_title: string; value_id: string; value_title: string }>;
};

export const myTransaction = (id: string, signal?: AbortSignal) =>
  rest<MyTransactionDetails>("GET", `/transactions/${encodeURIComponent(id)}`, undefined, { signal });

export type Receipt = { id: string; file_name: string; file_type: string; url: string | null };

export const transactionReceipts = (id: string, signal?: AbortSignal) =>
  rest<{ nodes: Receipt[] }>("GET", `/transactions/${encodeURIComponent(id)}/receipts`, undefined, { signal });

/** The receipt as multipart `file`, reporting how much has gone (0 to 1). */
export const uploadReceipt = (id: string, file: Blob, name: string, onProgress: (fraction: number) => void) => {
  const form = new FormData();
  form.append("file", file, name);
  return upload<Receipt>(`/transactions/${encodeURIComponent(id)}/receipts`, form, { onUploadProgress: onProgress });
};

export type Category = {
  id: string;
  title: string;
  code: string;
  enabled: boolean;
  default_tax_category_id: string | null;
  dimensions: Array<{ id: string; title: string; values: Array<{ id: string; title: string; enabled: boolean }> }>;
};

/** `GET /v1/transactions/categories`: what the caller may give a purchase (enabled, visible to their team). */
export const categories = (signal?: AbortSignal) =>
  rest<{ nodes: Category[] }>("GET", "/transactions/categories?limit=200", undefined, { signal });

/** What the categorise form saves: the fields that changed; null clears one. */
export type TransactionChange = {
  category_id?: string | null;
  subcategory_ids?: string[];
  tax_category_id?: string | null;
  comment?: string | null;
};

/**
 * `PATCH /v1/transactions/{id}`: category with its sub-categories, tax category and comment, saved together or not
 * at all (transaction set-category, set-tax-category, set-comment). Answers the purchase as it now is.
 */
export const saveTransaction = (id: string, change: TransactionChange) =>
  rest<MyTransactionDetails>("PATCH", `/transactions/${encodeURIComponent(id)}`, change);

/** `GET /v1/me/receipt-lock` (issue 19): whether the caller's cards decline until missing receipts arrive. */
export type MyReceiptLock = {
  locked: boolean;
  missing_count: number;
  lifted_until: string | null;
  days: number | null;
};

export const myReceiptLockKey = (projectId: string | null) => ["employee-app", projectId, "receipt-lock"] as const;

export const myReceiptLock = (signal?: AbortSignal) =>
  rest<MyReceiptLock>("GET", "/me/receipt-lock", undefined, { signal });

/** `GET /v1/notifications`: the caller's notices in the company, newest first, with the unread count. */
export type AppNotification = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  read_at: string | null;
  created_at: string;
};

export const notificationsKey = (projectId: string | null) => ["employee-app", projectId, "notifications"] as const;
export const unreadKey = (projectId: string | null) => ["employee-app", projectId, "unread"] as const;

export const myNotifications = (after: string | null, signal?: AbortSignal) =>
  rest<{ nodes: AppNotification[]; next_cursor: string | null; unread_count: number }>(
    "GET",
    `/notifications?first=${PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ""}`,
    undefined,
    { signal },
  );

export const unreadCount = async (signal?: AbortSignal) =>
  (await rest<{ unread_count: number }>("GET", "/notifications?first=1&unread_only=true", undefined, { signal }))
    .unread_count;

export const markNotificationsRead = (ids: string[]) =>
  rest<{ updated: number; unread_count: number }>("POST", "/notifications/read", { ids });

export const markAllNotificationsRead = () =>
  rest<{ updated: number; unread_count: number }>("POST", "/notifications/read-all");

/** Set or change the card's PIN: the new PIN and the holder's passcode again (never kept in the app's state). */
export const setCardPin = (id: string, pin: string, passcode: string) =>
  rest<{ pin_set: boolean }>("POST", `${card(id)}/pin/set`, { pin, passcode });

export type Wallet = "apple" | "google";
export type ProvisioningPayload = {
  activation_data: string;
  encrypted_pass_data: string;
  ephemeral_public_key: string;
};

/**
 * The wallet provisioning payload (spec 7, provision): a phone's wallet app would receive it and add the card.
 * Without the wallet's own key (no native wallet in a browser) the server encrypts to its demo wallet.
 */
export const provisionCard = (id: string, wallet: Wallet) =>
  rest<ProvisioningPayload>("POST", `${card(id)}/provision/${wallet}`, {});

/** An announcement of the platform's (spec 7, `GET /v1/announcements`; issue 16's banner, issue 17 in the app). */
export type Announcement = {
  id: string;
  title: string;
  body: string;
  url: string | null;
  published_at: string;
  acknowledged_at: string | null;
};

export const myAnnouncementsKey = (projectId: string | null) => ["employee-app", projectId, "announcements"] as const;

/** The ones the caller has not acknowledged, newest first; the first 10 (a person acknowledges them one by one). */
export const openAnnouncements = (signal?: AbortSignal) =>
  rest<{ nodes: Announcement[]; next_cursor: string | null }>(
    "GET",
    "/announcements?unacknowledged_only=true&first=10",
    undefined,
    { signal },
  );

export const acknowledgeAnnouncement = (id: string) =>
  rest<{ id: string; acknowledged_at: string }>("POST", `/announcements/${encodeURIComponent(id)}/ack`);
