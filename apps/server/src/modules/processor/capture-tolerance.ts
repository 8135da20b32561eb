/**
 * How far a clearing may exceed its authorization before it is a risk (issue 13), pure. A clearing is posted
 * whatever its amount, as networks require; above the tolerance the transaction carries a rule violation, the card
 * is locked for review and the owners are notified (capture-review.repo.ts). The default is the larger of 20% and
 * 5.000 kr. Fuel pumps clear what was pumped under a fixed pre-authorization, so more than a little above it is
 * odd; hotels add incidentals to the room, so they get more room. A company sets its own in
 * `projects.preferences.capture_tolerance` ({ percent, minimum, mcc: { "<mcc>": { percent, minimum } } }).
 */
export type Tolerance = { percent: number; minimum: number };

export const DEFAULT_TOLERANCE: Tolerance = { percent: 20, minimum: 5_000 };

const FUEL: Tolerance = { percent: 0, minimum: 1_000 };
const HOTEL: Tolerance = { percent: 25, minimum: 25_000 };

/** Fuel: service stations, automated dispensers, fuel dealers. Hotels: lodging and the chains' own 3501-3999. */
const isFuel = (mcc: string) => mcc === "5541" || mcc === "5542" || mcc === "5983";
const isHotel = (mcc: string) => mcc === "7011" || (mcc >= "3501" && mcc <= "3999" && mcc.length === 4);

export type ToleranceSettings = { percent?: number; minimum?: number; mcc?: Record<string, Partial<Tolerance>> };

const wholeNonNegative = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/** The company's setting as stored (a JSON object of preferences), read defensively: a bad value is the default. */
export const toleranceSettingsOf = (preferences: Record<string, unknown>): ToleranceSettings => {
  const raw = preferences.capture_tolerance;
  if (typeof raw !== "object" || raw === null) return {};
  const record = raw as Record<string, unknown>;
  const mcc: Record<string, Partial<Tolerance>> = {};
  if (typeof record.mcc === "object" && record.mcc !== null) {
    for (const [code, value] of Object.entries(record.mcc as Record<string, unknown>)) {
      if (typeof value !== "object" || value === null) continue;
      const entry = value as Record<string, unknown>;
      mcc[code] = { percent: wholeNonNegative(entry.percent), minimum: wholeNonNegative(entry.minimum) };
    }
  }
  return { percent: wholeNonNegative(record.percent), minimum: wholeNonNegative(record.minimum), mcc };
};

export const toleranceFor = (mcc: string, settings: ToleranceSettings = {}): Tolerance => {
  const base = isFuel(mcc) ? FUEL : isHotel(mcc) ? HOTEL : DEFAULT_TOLERANCE;
  const general = base === DEFAULT_TOLERANCE ? settings : {};
  const own = settings.mcc?.[mcc] ?? {};
  return {
    percent: own.percent ?? general.percent ?? base.percent,
    minimum: own.minimum ?? general.minimum ?? base.minimum,
  };
};

/** ISK above the allowed excess, or 0: exact integers (the percentage of the authorization rounds down). */
export const excessOverTolerance = (authorizedIsk: number, clearedIsk: number, tolerance: Tolerance): number => {
  const excess = clearedIsk - authorizedIsk;
  if (excess <= 0) return 0;
  const share = Number((BigInt(Math.max(0, authorizedIsk)) * BigInt(tolerance.percent)) / 100n);
  return excess > Math.max(share, tolerance.minimum) ? excess : 0;
};
