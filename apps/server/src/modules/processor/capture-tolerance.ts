import { FUEL_MCCS, isIn, LODGING_MCCS } from "./merchant-categories.ts";

/**
 * How far a clearing may exceed its authorization before it is a risk (issue 13), pure. A clearing is posted
 * whatever its amount, as networks require; above the tolerance the transaction carries a rule violation, the card
 * is locked for review and the owners are notified (capture-review.repo.ts). The default is the larger of 20% and
 * 5.000 kr. Fuel pumps clear what was pumped under a fixed pre-authorization, so more than a little above it is
 * odd; hotels add incidentals to the room, so they get more room. A company sets each of the three in
 * `projects.preferences.capture_tolerance`: the general one at its top (`{ percent, minimum }`, as it was first
 * stored), fuel's and hotels' under `fuel` and `hotel`.
 */
export type Tolerance = { percent: number; minimum: number };

export const TOLERANCE_KINDS = ["general", "fuel", "hotel"] as const;
export type ToleranceKind = (typeof TOLERANCE_KINDS)[number];

/** Each kind's tolerance, whole: what a company has set, Kort's default where it has not. */
export type Tolerances = Readonly<Record<ToleranceKind, Tolerance>>;

export const DEFAULT_TOLERANCES: Tolerances = {
  general: { percent: 20, minimum: 5_000 },
  fuel: { percent: 0, minimum: 1_000 },
  hotel: { percent: 25, minimum: 25_000 },
};

export const toleranceKindOf = (mcc: string): ToleranceKind =>
  isIn(mcc, FUEL_MCCS) ? "fuel" : isIn(mcc, LODGING_MCCS) ? "hotel" : "general";

const wholeNonNegative = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const toleranceIn = (stored: Record<string, unknown>, fallback: Tolerance): Tolerance => ({
  percent: wholeNonNegative(stored.percent) ?? fallback.percent,
  minimum: wholeNonNegative(stored.minimum) ?? fallback.minimum,
});

/** The company's setting as stored (a JSON object of preferences), read defensively: a bad value is the default. */
export const tolerancesOf = (preferences: Record<string, unknown>): Tolerances => {
  const stored = recordOf(preferences.capture_tolerance);
  return {
    general: toleranceIn(stored, DEFAULT_TOLERANCES.general),
    fuel: toleranceIn(recordOf(stored.fuel), DEFAULT_TOLERANCES.fuel),
    hotel: toleranceIn(recordOf(stored.hotel), DEFAULT_TOLERANCES.hotel),
  };
};

export const toleranceFor = (mcc: string, tolerances: Tolerances = DEFAULT_TOLERANCES): Tolerance =>
  tolerances[toleranceKindOf(mcc)];

/** ISK above the allowed excess, or 0: exact integers (the percentage of the authorization rounds down). */
export const excessOverTolerance = (authorizedIsk: number, clearedIsk: number, tolerance: Tolerance): number => {
  const excess = clearedIsk - authorizedIsk;
  if (excess <= 0) return 0;
  const share = Number((BigInt(Math.max(0, authorizedIsk)) * BigInt(tolerance.percent)) / 100n);
  return excess > Math.max(share, tolerance.minimum) ? excess : 0;
};
