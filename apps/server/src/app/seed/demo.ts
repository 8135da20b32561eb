import type { Db } from "../../platform/db/client.ts";
import type { DemoDataOptions } from "../../platform/module.ts";
import { KORT_MODULES } from "../modules.ts";

/**
 * What each module adds for a person trying Kort (an open invitation, for one), after the demo seed (seed.ts) and
 * once the server knows its address: links in the e-mails it writes are absolute (KORT_PUBLIC_URL, or the address
 * the server listens on). Idempotent, like the seed; main.ts and `npm run seed` both call it.
 */
export const seedModuleDemos = async (db: Db, options: { baseUrl: string; now: Date }): Promise<void> => {
  for (const module of KORT_MODULES) await module.demoSeed?.(db, options);
};

/**
 * What each module's demo company has from its first page (receipts with their files), after the demo seed and
 * before the server listens. Idempotent; main.ts and `npm run seed` both call it.
 */
export const seedModuleData = async (db: Db, options: DemoDataOptions): Promise<void> => {
  for (const module of KORT_MODULES) await module.demoData?.(db, options);
};
