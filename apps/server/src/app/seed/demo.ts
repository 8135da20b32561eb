import type { Db } from "../../platform/db/client.ts";
import type { DemoSeedOptions } from "../../platform/module.ts";
import { KORT_MODULES } from "../modules.ts";

/**
 * What each module adds for a person trying Kort (an open invitation, for one), after the demo seed (seed.ts) and
 * once the server knows its address: links in the e-mails it writes are absolute (KORT_PUBLIC_URL, or the address
 * the server listens on). Idempotent, like the seed; main.ts and `npm run seed` both call it.
 */
export const seedModuleDemos = async (db: Db, options: DemoSeedOptions): Promise<void> => {
  for (const module of KORT_MODULES) await module.demoSeed?.(db, options);
};
