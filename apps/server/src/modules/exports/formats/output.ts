import { once } from "node:events";
import type { Writable } from "node:stream";

/**
 * Writes to a Node stream and waits when it asks us to (backpressure), so a writer that streams from a database cursor
 * never piles the export up in the stream's buffer.
 */
export const writeChunk = async (out: Writable, chunk: Uint8Array | string): Promise<void> => {
  if (!out.write(chunk)) await once(out, "drain");
};

/** A file a writer made whole (Payday's workbooks, a UBL set's zip): its name, media type and bytes. */
export type ExportFile = { name: string; contentType: string; bytes: Uint8Array };

/** `2026-11-03` as `d.M.yyyy` (`3.11.2026`), the way DK's desktop program reads dates. */
export const dkDate = (isoDate: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`Expected YYYY-MM-DD, got ${isoDate}`);
  return `${Number(match[3])}.${Number(match[2])}.${match[1]}`;
};
