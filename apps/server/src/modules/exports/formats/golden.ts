import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { expect } from "vitest";

/**
 * Golden files (tests only): each format's bytes for the fixture lines, compared byte for byte. They change only when
 * someone means it: `KORT_UPDATE_GOLDEN=1` rewrites them, and the diff is reviewed like code.
 */

const GOLDEN_DIR = path.join(import.meta.dirname, "golden");

export const expectGolden = (name: string, bytes: Uint8Array): void => {
  const file = path.join(GOLDEN_DIR, name);
  if (process.env.KORT_UPDATE_GOLDEN === "1") {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, bytes);
    return;
  }
  if (!existsSync(file))
    throw new Error(`No golden file ${name}: run the test with KORT_UPDATE_GOLDEN=1 and review it`);
  const golden = readFileSync(file);
  expect(
    Buffer.from(bytes).equals(golden),
    `${name} differs from its golden file (KORT_UPDATE_GOLDEN=1 rewrites it)`,
  ).toBe(true);
};

/** A Writable that keeps what it is given, to read a writer's output back. */
export const memoryStream = (): { out: Writable; bytes: () => Buffer } => {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
};
