import { randomUUID } from "node:crypto";
import { billingPeriodOf, type CardType, MS_PER_DAY } from "@kort/core";
import { and, eq, inArray } from "drizzle-orm";
import { cards } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { authorizePayment, type PaymentRequest, type ProcessorDeps } from "./authorize-payment.service.ts";
import { DEMO_MERCHANTS, type DemoMerchant, isFuel, priceAt } from "./demo-merchants.ts";
import { clearAuthorization, reverseAuthorization } from "./settlement.service.ts";

/**
 * `generate-transactions` (decisions.md): realistic history for demo cards, made by the processor's own
 * authorization, clearing and reversal services (what the network routes call), so every row passed the same
 * rules as real traffic; nothing is inserted around them. Each event runs with the clock at its own past
 * instant, in time order, so history spreads over the current and the previous billing period and every
 * decision saw exactly the spend before it.
 */

export type GenerateInput = {
  projectId: string;
  /** Default: every ACTIVE card of the project. */
  cardIds?: readonly string[];
  count: number;
  /** Where history starts; by default 10 days before the current billing period began. */
  from?: Date;
  /** In [0, 1); tests pass a seeded one. */
  random?: () => number;
};

export type GenerateResult = { approved: number; declined: number; cleared: number; reversed: number; pending: number };

type GenCard = { id: string; cardType: CardType; createdAt: Date; pan: string; month: number; year: number };

type Purchase = { card: GenCard; merchant: DemoMerchant; amount: number; at: Date; authorizationId?: string };
type Event =
  | { kind: "authorize"; at: Date; purchase: Purchase }
  | { kind: "clear"; at: Date; purchase: Purchase; amount: number }
  | { kind: "reverse"; at: Date; purchase: Purchase };

const HOUR = 3_600_000;

const loadCards = async (deps: ProcessorDeps, input: GenerateInput): Promise<GenCard[]> => {
  const scope = eq(cards.projectId, input.projectId);
  const rows = await deps.db
    .select()
    .from(cards)
    .where(input.cardIds ? and(scope, inArray(cards.id, [...input.cardIds])) : and(scope, eq(cards.status, "ACTIVE")));
  if (input.cardIds && rows.length !== new Set(input.cardIds).size) {
    throw new AppError("NOT_FOUND", "A card was not found.");
  }
  return rows.map((row) => ({
    id: row.id,
    cardType: row.cardType,
    createdAt: row.createdAt,
    pan: deps.secrets.open(row.panEncrypted, row.id),
    month: row.expirationMonth,
    year: row.expirationYear,
  }));
};

const pick = <T>(items: readonly T[], random: () => number): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError("pick from an empty list");
  return item;
};

/** One purchase and what the network does after it: mostly a clearing, some reversals, the newest still pending. */
const plan = (card: GenCard, from: Date, now: Date, random: () => number): Event[] => {
  const merchants = DEMO_MERCHANTS.filter((merchant) => merchant.cards.includes(card.cardType));
  const merchant = pick(merchants, random);
  const start = Math.max(from.getTime(), card.createdAt.getTime());
  const at = new Date(start + Math.floor(random() * Math.max(0, now.getTime() - start)));
  // One in twelve is far over what the merchant usually charges: the limits decline most of those.
  const outsize = random() < 1 / 12 ? 6 : 1;
  const purchase: Purchase = { card, merchant, amount: priceAt(merchant, random()) * outsize, at };
  const events: Event[] = [{ kind: "authorize", at, purchase }];
  const fate = random();
  const later = new Date(at.getTime() + HOUR + Math.floor(random() * 2 * MS_PER_DAY));
  if (later.getTime() > now.getTime()) return events;
  if (fate < 0.06) return [...events, { kind: "reverse", at: later, purchase }];
  // A pump authorizes a round sum and clears what was pumped; everyone else clears what they authorized.
  const amount = isFuel(merchant)
    ? Math.max(10, Math.round((purchase.amount * (0.6 + 0.4 * random())) / 10) * 10)
    : purchase.amount;
  return [...events, { kind: "clear", at: later, purchase, amount }];
};

const requestOf = (purchase: Purchase): PaymentRequest => ({
  pan: purchase.card.pan,
  expiryMonth: purchase.card.month,
  expiryYear: purchase.card.year,
  amount: purchase.amount,
  currency: purchase.merchant.currency,
  merchantName: purchase.merchant.name,
  mcc: purchase.merchant.mcc,
  merchantCountry: purchase.merchant.country,
  networkReference: `gen-${randomUUID()}`,
});

/**
 * Drives `count` purchases over the chosen cards, dated from `from` (by default 10 days before the current
 * billing period began; the card's issue, if later) to now, and answers what the processor decided.
 */
export const generateTransactions = async (deps: ProcessorDeps, input: GenerateInput): Promise<GenerateResult> => {
  const random = input.random ?? Math.random;
  const now = deps.now();
  const result: GenerateResult = { approved: 0, declined: 0, cleared: 0, reversed: 0, pending: 0 };
  const chosen = await loadCards(deps, input);
  if (chosen.length === 0) return result;
  const from = input.from ?? new Date(billingPeriodOf(now).from.getTime() - 10 * MS_PER_DAY);
  const events = Array.from({ length: input.count }, () => plan(pick(chosen, random), from, now, random))
    .flat()
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of events) {
    const at = { ...deps, now: () => event.at };
    const { purchase } = event;
    if (event.kind === "authorize") {
      const answer = await authorizePayment(at, requestOf(purchase));
      if (answer.approved && answer.id) {
        purchase.authorizationId = answer.id;
        result.approved += 1;
        result.pending += 1;
      } else {
        result.declined += 1;
      }
      continue;
    }
    const authorizationId = purchase.authorizationId;
    if (authorizationId === undefined) continue;
    result.pending -= 1;
    if (event.kind === "clear") {
      await clearAuthorization(at, { authorizationId, amount: event.amount });
      result.cleared += 1;
    } else {
      // History is past-dated, so the expiry job (any server's) may have expired it first; the reversal answers
      // "expired" then, which calls the purchase off just the same.
      await reverseAuthorization(at, authorizationId);
      result.reversed += 1;
    }
  }
  return result;
};
