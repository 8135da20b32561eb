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

export const uuidV7 = (milliseconds: number = Date.now()): string => {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const random = next * RANDOM_BYTES - 6;
  next += 1;
  for (let index = 0; index < 16; index += 1) {
    // The first six bytes are the milliseconds, big-endian (divisions: JavaScript's shifts are 32-bit).
    let byte = index < 6 ? Math.floor(milliseconds / 2 ** (8 * (5 - index))) & 0xff : (pool[random + index] ?? 0);
    if (index === 6) byte = 0x70 | (byte & 0x0f); // version 7
    if (index === 8) byte = 0x80 | (byte & 0x3f); // variant 10 (RFC 9562)
    const at = OFFSETS[index] ?? 0;
    text[at] = HEX.charCodeAt(byte >>> 4);
    text[at + 1] = HEX.charCodeAt(byte & 0x0f);
  }
  return text.toString("latin1");
};

/** The instant a version 7 UUID was made, in Unix milliseconds. */
export const uuidV7Milliseconds = (id: string): number => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
