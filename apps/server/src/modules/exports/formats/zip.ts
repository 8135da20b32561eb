import { Writable } from "node:stream";
import { unzipSync, Zip, ZipPassThrough, zipSync } from "fflate";
import { writeChunk } from "./output.ts";

/**
 * Zips for the formats that hand over several files (Payday's workbooks, a UBL set). Every entry carries the export's
 * time, not the clock's, so the same export gives the same bytes (the golden files rely on it).
 */

/**
 * A zip stores local wall-clock time (DOS time) and fflate reads it from a Date's local fields. Iceland is UTC all
 * year, so the entry should show the UTC time whatever zone the server runs in: build the Date whose local fields
 * are `date`'s UTC fields.
 */
export const zipTime = (date: Date): Date =>
  new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );

/**
 * Rewrites a zip (an .xlsx from exceljs, whose zip library stamps entries with the clock) with every entry at `date`,
 * in the same order, folders left out (Excel does not need them).
 */
export const rezip = (bytes: Uint8Array, date: Date): Uint8Array => {
  const mtime = zipTime(date);
  const entries = Object.entries(unzipSync(bytes)).filter(([name]) => !name.endsWith("/"));
  return zipSync(Object.fromEntries(entries.map(([name, data]) => [name, [data, { mtime }]])), { level: 6 });
};

/**
 * A zip written to a stream file by file. Entries are stored, not deflated: what goes in (xlsx, or XML that the
 * caller may want to deflate itself) is small, and stored entries keep the writer simple and fast.
 */
export class ZipStreamWriter {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: Zip;
  private failure: Error | null = null;

  constructor(
    private readonly out: Writable,
    private readonly date: Date,
  ) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.chunks.push(chunk);
    });
  }

  async add(name: string, bytes: Uint8Array): Promise<void> {
    const entry = new ZipPassThrough(name);
    entry.mtime = zipTime(this.date);
    this.zip.add(entry);
    entry.push(bytes, true);
    await this.flush();
  }

  /**
   * An entry written as a stream by `write` (a journal of a million lines): each chunk goes into the zip as it comes,
   * and the zip's bytes to the output, so memory holds a chunk, not the entry.
   */
  async addStream(name: string, write: (entry: Writable) => Promise<unknown>): Promise<void> {
    const entry = new ZipPassThrough(name);
    entry.mtime = zipTime(this.date);
    this.zip.add(entry);
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        entry.push(chunk, false);
        this.flush().then(() => done(), done);
      },
    });
    await write(sink);
    entry.push(new Uint8Array(), true);
    await this.flush();
  }

  async end(): Promise<void> {
    this.zip.end();
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    for (const chunk of this.chunks.splice(0)) await writeChunk(this.out, chunk);
  }
}
