/**
 * The merchant categories (ISO 18245 MCCs, four digits) whose card habits Kort's rules treat apart, as ranges of
 * codes: a chain's or an agency's own codes sit in the scheme's blocks beside the generic one.
 */
export type MccRange = readonly [from: string, to: string];

/** Service stations, automated fuel dispensers, fuel dealers: a pump authorizes a round sum and clears what it pumped. */
export const FUEL_MCCS: readonly MccRange[] = [
  ["5541", "5542"],
  ["5983", "5983"],
];

/** Lodging (7011) and the hotel chains' own 3501-3999: authorized at check-in, cleared at check-out with extras. */
export const LODGING_MCCS: readonly MccRange[] = [
  ["3501", "3999"],
  ["7011", "7011"],
];

/** Vehicle rental (7512, 7513, 7519) and the agencies' own 3351-3441: authorized at pick-up, cleared on return. */
export const VEHICLE_RENTAL_MCCS: readonly MccRange[] = [
  ["3351", "3441"],
  ["7512", "7513"],
  ["7519", "7519"],
];

export const isIn = (mcc: string, ranges: readonly MccRange[]): boolean =>
  mcc.length === 4 && ranges.some(([from, to]) => mcc >= from && mcc <= to);
