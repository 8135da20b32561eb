import type { CardType } from "@kort/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { request } from "../../app/api/client.ts";
import {
  ACCOUNT_BALANCE_QUERY,
  ACTIVE_CARD_COUNTS_QUERY,
  CARD_ACTIVITY_QUERY,
  CARD_CREATE_OPTIONS_QUERY,
  CARD_QUERY,
  CARDS_QUERY,
  type CardsFilter,
} from "./cards.graphql.ts";

/** Every cards query key starts here, so one invalidation refreshes the list, counts and the open card. */
export const CARDS_QUERY_ROOT = "cards";
export const CARDS_PAGE_SIZE = 25;

export const useCards = (filter: CardsFilter, page: number) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "list", filter, page],
    queryFn: async ({ signal }) =>
      (await request(CARDS_QUERY, { filter, page, limit: CARDS_PAGE_SIZE }, { signal })).cards,
    placeholderData: keepPreviousData,
  });

export const useCard = (id: string) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "one", id],
    queryFn: async ({ signal }) => (await request(CARD_QUERY, { id }, { signal })).card,
  });

export const useCardActivity = (id: string) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "activity", id],
    queryFn: async ({ signal }) => (await request(CARD_ACTIVITY_QUERY, { id }, { signal })).card_activity,
  });

export const useActiveCardCounts = () =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "counts"],
    queryFn: async ({ signal }) => (await request(ACTIVE_CARD_COUNTS_QUERY, {}, { signal })).active_card_counts,
  });

export const useCardCreateOptions = (cardType: CardType | null) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "create-options", cardType],
    queryFn: async ({ signal }) =>
      // `enabled` keeps this from running without a card type.
      (await request(CARD_CREATE_OPTIONS_QUERY, { type: cardType ?? "" }, { signal })).card_create_options,
    enabled: cardType !== null,
  });

export const useAccountBalance = (enabled: boolean) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "account-balance"],
    queryFn: async ({ signal }) => (await request(ACCOUNT_BALANCE_QUERY, {}, { signal })).account_balance,
    enabled,
  });
