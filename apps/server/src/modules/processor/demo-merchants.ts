import type { CardType, CurrencyCode } from "@kort/core";

/**
 * Merchants the demo network buys from: Icelandic ones in ISK and the foreign services an Icelandic company pays
 * abroad. `min` and `max` are in the currency's minor units (ISK has none; USD 20.00 = 2000). `cards` says which
 * card type shops there: subscription cards (BUSINESS_EXPENSE) pay for software and telecoms, vendor cards
 * (EMPLOYEE_EXPENSE) for everything a person buys on the job.
 */
export type DemoMerchant = {
  name: string;
  mcc: string;
  country: string;
  currency: CurrencyCode;
  min: number;
  max: number;
  cards: readonly CardType[];
};

const VENDOR: readonly CardType[] = ["EMPLOYEE_EXPENSE"];
const SUBSCRIPTION: readonly CardType[] = ["BUSINESS_EXPENSE"];
const BOTH: readonly CardType[] = ["EMPLOYEE_EXPENSE", "BUSINESS_EXPENSE"];

const isk = (name: string, mcc: string, min: number, max: number, cards = VENDOR): DemoMerchant => ({
  name,
  mcc,
  country: "IS",
  currency: "ISK",
  min,
  max,
  cards,
});

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  isk("Bónus", "5411", 1_500, 25_000),
  isk("Krónan", "5411", 1_500, 25_000),
  isk("Hagkaup", "5311", 2_000, 30_000),
  isk("N1", "5541", 5_000, 18_000),
  isk("Olís", "5541", 5_000, 18_000),
  isk("Orkan", "5541", 5_000, 18_000),
  isk("Icelandair", "4511", 25_000, 120_000),
  isk("Play", "4511", 15_000, 60_000),
  isk("Kaffitár", "5814", 600, 3_500),
  isk("Te & Kaffi", "5814", 600, 3_500),
  isk("Elko", "5732", 3_000, 90_000),
  isk("Penninn Eymundsson", "5942", 1_500, 12_000),
  isk("Vínbúðin", "5921", 2_500, 20_000),
  isk("Strætó", "4111", 570, 2_000),
  isk("Hreyfill", "4121", 2_500, 9_000),
  isk("Síminn", "4814", 4_000, 15_000, BOTH),
  isk("Nova", "4814", 3_000, 12_000, BOTH),
  isk("Ísbúð Vesturbæjar", "5814", 800, 2_500),
  isk("Apótekarinn", "5912", 1_000, 8_000),
  isk("Sjóvá", "6300", 8_000, 40_000, SUBSCRIPTION),
  {
    name: "Amazon Web Services",
    mcc: "4816",
    country: "US",
    currency: "USD",
    min: 2_000,
    max: 30_000,
    cards: SUBSCRIPTION,
  },
  { name: "GitHub", mcc: "5734", country: "US", currency: "USD", min: 400, max: 2_100, cards: SUBSCRIPTION },
  { name: "Figma", mcc: "5734", country: "US", currency: "USD", min: 1_500, max: 4_500, cards: SUBSCRIPTION },
  { name: "Slack", mcc: "5734", country: "US", currency: "USD", min: 875, max: 2_500, cards: SUBSCRIPTION },
  { name: "Booking.com", mcc: "4722", country: "NL", currency: "EUR", min: 8_000, max: 35_000, cards: VENDOR },
  { name: "SAS", mcc: "4511", country: "DK", currency: "DKK", min: 90_000, max: 350_000, cards: VENDOR },
  { name: "IKEA", mcc: "5712", country: "SE", currency: "SEK", min: 20_000, max: 300_000, cards: VENDOR },
];

/** Fuel pumps authorize a round sum first and clear what was pumped. */
export const isFuel = (merchant: DemoMerchant): boolean => merchant.mcc === "5541";

/** A price between min and max: whole tens in ISK, whole units abroad (99 cents kept for software). */
export const priceAt = (merchant: DemoMerchant, share: number): number => {
  const raw = merchant.min + Math.floor(share * (merchant.max - merchant.min));
  if (merchant.currency === "ISK") return Math.max(10, Math.round(raw / 10) * 10);
  return Math.max(99, Math.floor(raw / 100) * 100 + 99);
};

/** A small seeded generator (mulberry32) in [0, 1): the demo seed and tests get the same choices every run. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};
