import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import { CARD_KEY_BYTES } from "./card-secrets.ts";

/**
 * The card key when KORT_CARD_KEY is not set: `<dataDir>/card-key` (base64, mode 0600), made on first start.
 * That is the embedded default (no DATABASE_URL) and demo mode. Production on its own database must set
 * KORT_CARD_KEY: a key made on a server's disk would be lost with it, and every card with it.
 */
export const resolveCardKey = async (config: Config): Promise<Buffer> => {
  if (config.cardKey) return config.cardKey;
  if (!config.demoMode && config.databaseUrl) {
    throw new Error("KORT_CARD_KEY is required in production with DATABASE_URL (32 bytes, base64)");
  }
  const file = path.join(config.dataDir, "card-key");
  const existing = await readFile(file, "utf8").catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing !== undefined) {
    const key = Buffer.from(existing.trim(), "base64");
    if (key.length !== CARD_KEY_BYTES) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  }
  const key = randomBytes(CARD_KEY_BYTES);
  await mkdir(config.dataDir, { recursive: true });
  // `wx` fails if another process sharing the folder made the file meanwhile: its key is the one, not ours.
  const written = await writeFile(file, `${key.toString("base64")}\n`, { mode: 0o600, flag: "wx" }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof Error && "code" in error && error.code === "EEXIST") return false;
      throw error;
    },
  );
  return written ? key : resolveCardKey(config);
};
