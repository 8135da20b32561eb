import { CARD_STATUSES, CARD_TYPES, type CardStatus, type CardType } from "@kort/core";
import type { CardsFilter } from "./cards.graphql.ts";

/** Spec 9: the name search waits 300 ms after the last key. */
export const CARD_SEARCH_DEBOUNCE_MS = 300;

const isStatus = (value: string | null): value is CardStatus => CARD_STATUSES.some((status) => status === value);
const isType = (value: string | null): value is CardType => CARD_TYPES.some((type) => type === value);

/** The list's filters as the URL carries them (`/cards?status=ACTIVE&team=…&holder=…&type=…`); junk is ignored. */
export const filterFromParams = (params: URLSearchParams, search: string): CardsFilter => {
  const status = params.get("status");
  const type = params.get("type");
  const team = params.get("team");
  const holder = params.get("holder");
  const description = search.trim();
  return {
    ...(isStatus(status) ? { status } : {}),
    ...(isType(type) ? { card_type: type } : {}),
    ...(team ? { team_id: team } : {}),
    ...(holder ? { cardholder_id: holder } : {}),
    ...(description ? { description } : {}),
  };
};

/** The page from `?page=`, from 1. */
export const pageFromParams = (params: URLSearchParams): number => {
  const page = Number(params.get("page") ?? "1");
  return Number.isInteger(page) && page > 0 ? page : 1;
};
