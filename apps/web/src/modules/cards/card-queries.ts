import type { CardType } from "@kort/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { graphql } from "../../app/api/client.ts";
import {
  ACCOUNT_BALANCE_QUERY,
  ACTIVE_CARD_COUNTS_QUERY,
  type AccountBalanceResult,
  type ActiveCardCountsResult,
  CARD_ACTIVITY_QUERY,
  CARD_CREATE_OPTIONS_QUERY,
  CARD_QUERY,
  CARDS_QUERY,
  type CardActivityResult,
  type CardCreateOptionsResult,
  type CardResult,
  type CardsFilter,
  type CardsResult,
} from "./cards.graphql.ts";

/** Every cards query key starts here, so one invalidation refreshes the list, counts and the open card. */
export const CARDS_QUERY_ROOT = "cards";
export const CARDS_PAGE_SIZE = 25;

export const useCards = (filter: CardsFilter, page: number) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "list", filter, page],
    queryFn: async ({ signal }) =>
      (await graphql<CardsResult>(CARDS_QUERY, { filter, page, limit: CARDS_PAGE_SIZE }, { signal })).cards,
    placeholderData: keepPreviousData,
  });

export const useCard = (id: string) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "one", id],
    queryFn: async ({ signal }) => (await graphql<CardResult>(CARD_QUERY, { id }, { signal })).card,
  });

export const useCardActivity = (id: string) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "activity", id],
    queryFn: async ({ signal }) =>
      (await graphql<CardActivityResult>(CARD_ACTIVITY_QUERY, { id }, { signal })).card_activity,
  });

export const useActiveCardCounts = () =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "counts"],
    queryFn: async ({ signal }) =>
      (await graphql<ActiveCardCountsResult>(ACTIVE_CARD_COUNTS_QUERY, {}, { signal })).active_card_counts,
  });

export const useCardCreateOptions = (cardType: CardType | null) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "create-options", cardType],
    queryFn: async ({ signal }) =>
      (await graphql<CardCreateOptionsResult>(CARD_CREATE_OPTIONS_QUERY, { type: cardType }, { signal }))
        .card_create_options,
    enabled: cardType !== null,
  });

export const useAccountBalance = (enabled: boolean) =>
  useQuery({
    queryKey: [CARDS_QUERY_ROOT, "account-balance"],
    queryFn: async ({ signal }) =>
      (await graphql<AccountBalanceResult>(ACCOUNT_BALANCE_QUERY, {}, { signal })).account_balance,
    enabled,
  });
