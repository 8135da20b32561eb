import { randomFillSync } from "node:crypto";

/**
 * A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows written at a high
 * rate into a large table (the card decisions, their ledger rows) get these ids, so each insert lands on the newest
 * page of the primary key's index instead of a random one of thousands: after a checkpoint a random page costs its
 * whole 8 KB image in the WAL, which every decision's commit then waits to write. PostgreSQL makes the same kind of
 * id as the tables' default (`kort_uuid_v7()`, migration 0029).
 */
export const uuidV7 = (milliseconds: number = Date.now()): string => {
  const bytes = randomFillSync(Buffer.alloc(16));
  bytes.writeUIntBE(milliseconds, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] as number) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] as number) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The instant a version 7 UUID was made, in Unix milliseconds. */
export const uuidV7Milliseconds = (id: string): number => Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16);
