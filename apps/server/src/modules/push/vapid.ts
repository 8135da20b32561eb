import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../../platform/config.ts";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID key pair pushes are signed with. A browser's push subscription is bound to the public key, so every
 * server of an installation must share one pair: KORT_VAPID_PUBLIC_KEY and KORT_VAPID_PRIVATE_KEY. Without them,
 * the embedded default and demo mode keep a pair in `<dataDir>/vapid.json` (made on first use, mode 0600), as the
 * card key is kept; production on its own database and the tests (which set their own) send no pushes.
 */
const resolved = new WeakMap<Config, Promise<VapidKeys | undefined>>();

const fromFile = async (config: Config): Promise<VapidKeys> => {
  const file = path.join(config.dataDir, "vapid.json");
  const existing = await readFile(file, "utf8").catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  });
  if (existing !== undefined) {
    const keys = JSON.parse(existing) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") {
      throw new Error(`${file} does not hold a VAPID key pair`);
    }
    return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: config.vapidSubject };
  }
  const made = webpush.generateVAPIDKeys();
  await mkdir(config.dataDir, { recursive: true });
  // `wx` fails if another process sharing the folder made the file meanwhile: its pair is the one, not ours.
  const written = await writeFile(file, JSON.stringify(made), { mode: 0o600, flag: "wx" }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof Error && "code" in error && error.code === "EEXIST") return false;
      throw error;
    },
  );
  return written ? { ...made, subject: config.vapidSubject } : fromFile(config);
};

export const vapidKeysOf = (config: Config): Promise<VapidKeys | undefined> => {
  let keys = resolved.get(config);
  if (!keys) {
    const keptInDataDir = config.env !== "test" && (config.demoMode || !config.databaseUrl);
    keys = config.vapid ? Promise.resolve(config.vapid) : keptInDataDir ? fromFile(config) : Promise.resolve(undefined);
    resolved.set(config, keys);
  }
  return keys;
};
