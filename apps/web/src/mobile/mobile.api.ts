import type { CardStatus, DeclineCode, LimitPeriod } from "@kort/core";
import { rest } from "../app/api/client.ts";

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
  status: "pending" | "cleared" | "reversed" | "declined" | "expired";
  decline_code: DeclineCode | null;
  created_at: string;
};

export type Page<T> = { nodes: T[]; total_count: number };
export type CursorPage<T> = Page<T> & { next_cursor: string | null };

/** The query keys of the app's own lists, under the selected company. */
export const myCardsKey = (projectId: string | null) => ["employee-app", projectId, "cards"] as const;

const card = (id: string) => `/funding_sources/${encodeURIComponent(id)}` as const;

export const listMyCards = (signal?: AbortSignal) =>
  rest<Page<FundingSource>>("GET", "/funding_sources?limit=50", undefined, { signal });

/** The sensitive call: the passcode is checked by the server (and counts towards the lock). Never cached. */
export const revealCard = (id: string, passcode: string) =>
  rest<CardDetails>("POST", `${card(id)}/sensitive`, { passcode });

export const freezeCard = (id: string, frozen: boolean) =>
  rest<FundingSource>("POST", `${card(id)}/${frozen ? "freeze" : "unfreeze"}`);

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
