import { randomFillSync } from "node:crypto";

/**
 * A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows written at a high
 * rate into a large table (the card decisions, their ledger rows) get these ids, so each insert lands on the newest
 * page of the primary key's index instead of a random one of thousands: after a checkpoint a random page costs its
 * whole 8 KB image in the WAL, which every decision's commit then waits to write. PostgreSQL makes the same kind of
 * id as the tables' default (`kort_uuid_v7()`, migration 0029).
 *
 * Written byte by byte into one buffer and read out as one string: every card decision and every request id makes
 * one, and building it from `randomUUID`'s text in slices and a template allocated 0.8 KB of garbage each time
 * (docs/decisions.md, "What a decision leaves for the garbage collector"). The random bytes come from a pool filled
 * 256 ids at a time, as `randomUUID` does: filling 10 bytes per call would cost the CSPRNG's call each time.
 */
const HEX = "0123456789abcdef";
const RANDOM_BYTES = 10;
const POOL_IDS = 256;
const pool = Buffer.alloc(RANDOM_BYTES * POOL_IDS);
let next = POOL_IDS;
const text = Buffer.alloc(36);
/** Where each of the 16 bytes' two hex digits go in `xxxxxxxx-xxxx-7xxx-yxxx-xxxxxxxxxxxx`. */
const OFFSETS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
for (const dash of [8, 13, 18, 23]) text[dash] = 0x2d;

/**
 * The largest company number: the registry's integer column (migration 0042 numbers companies from 1). An id has 32
 * bits for it, so the top one is always clear in the ids Kort makes.
 */
export const MAX_COMPANY_NUMBER = 2 ** 31 - 1;

/**
 * Byte `index` of a company id (version 8) in place of the random one: the company's number takes 32 bits after the
 * variant, from byte 8's low six bits to byte 12's top two.
 */
const companyByte = (index: number, companyNumber: number, random: number): number => {
  switch (index) {
    case 8:
      return 0x80 | (Math.floor(companyNumber / 2 ** 26) & 0x3f);
    case 9:
      return Math.floor(companyNumber / 2 ** 18) & 0xff;
    case 10:
      return Math.floor(companyNumber / 2 ** 10) & 0xff;
    case 11:
      return Math.floor(companyNumber / 4) & 0xff;
    case 12:
      return ((companyNumber & 0x03) << 6) | (random & 0x3f);
    default:
      return random;
  }
};

const writeUuid = (milliseconds: number, companyNumber: number | undefined): string => {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const random = next * RANDOM_BYTES - 6;
  next += 1;
  for (let index = 0; index < 16; index += 1) {
    // The first six bytes are the milliseconds, big-endian (divisions: JavaScript's shifts are 32-bit).
    let byte = index < 6 ? Math.floor(milliseconds / 2 ** (8 * (5 - index))) & 0xff : (pool[random + index] ?? 0);
    if (index === 6)
      byte = (companyNumber === undefined ? 0x70 : 0x80) | (byte & 0x0f); // version 7, or 8
    else if (companyNumber !== undefined && index >= 8 && index <= 12) byte = companyByte(index, companyNumber, byte);
    else if (index === 8) byte = 0x80 | (byte & 0x3f); // variant 10 (RFC 9562)
    const at = OFFSETS[index] ?? 0;
    text[at] = HEX.charCodeAt(byte >>> 4);
    text[at + 1] = HEX.charCodeAt(byte & 0x0f);
  }
  return text.toString("latin1");
};

export const uuidV7 = (milliseconds: number = Date.now()): string => writeUuid(milliseconds, undefined);

/**
 * An id that names its company (docs/scaling.md, blocker 3): the network names an authorization or a transaction by
 * its id alone, long after the decision, and on a database distributed by company that lookup would ask every node.
 * This id carries the company's number (`project_registry.company_number`), so the company is found first and the
 * row read within it. A custom UUID (version 8, RFC 9562 section 5.8) laid out as version 7 is: the same 48 bits
 * of milliseconds first, so the ids stay time-ordered with the same locality in the index; then 12 random bits, the
 * variant, the 32-bit company number, and 30 random bits. 42 random bits per millisecond and company leave a
 * collision to chance at about one in 4 million for 1,000 ids in one millisecond of one company.
 */
export const companyUuid = (companyNumber: number, milliseconds: number = Date.now()): string => {
  if (!Number.isInteger(companyNumber) || companyNumber < 0 || companyNumber > MAX_COMPANY_NUMBER) {
    throw new RangeError(`A company number is an integer from 0 to ${MAX_COMPANY_NUMBER}, not ${companyNumber}`);
  }
  return writeUuid(milliseconds, companyNumber);
};

const COMPANY_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The company number a `companyUuid` carries; undefined for any other id (the version 7 ids made before migration
 * 0042, or anything else), whose row must then be looked for across companies. An id from elsewhere may carry a
 * number past MAX_COMPANY_NUMBER, which names no company.
 */
export const companyNumberOf = (id: string): number | undefined => {
  if (!COMPANY_UUID.test(id)) return undefined;
  // Hex digits 17 to 25 of the 32 (byte 8 to byte 12's top half): the variant's two bits, the number's 32, and two
  // random bits.
  const bits = BigInt(`0x${id.slice(19, 23)}${id.slice(24, 29)}`);
  return Number((bits >> 2n) & 0xffffffffn);
};

/** The instant a version 7 UUID (or a company id, laid out alike) was made, in Unix milliseconds. */
export const uuidV7Milliseconds = (id: string): number => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
