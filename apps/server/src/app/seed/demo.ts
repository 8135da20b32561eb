import type { Db } from "../../platform/db/client.ts";
import { withSessionLock } from "../../platform/db/session-lock.ts";
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

/** Named, not numbered: a number could be one that seed.ts or seed-platform.ts already takes. */
const DEMO_SEEDING_LOCK = "kort:demo-seeding";
/** How long a starting server waits for another one's demo seeding before it gives up. */
const DEMO_SEEDING_WAIT_MS = 300_000;

/**
 * Runs the whole demo seeding (`seedDemo`, then `seedModuleData`) one server at a time. Servers that start together
 * on one database each seed, and each step is idempotent, but a step is only safe once the steps before it have
 * finished: the first server makes the company's history through the processor's own transactions after its
 * company commits, and a second server that saw the company went on to e-mail the demo receipts, suggesting a
 * pending purchase that the first one's history then cleared away (a foreign key violation, and that server did not
 * start). A server that waits past DEMO_SEEDING_WAIT_MS stops with PostgreSQL's timeout error.
 */
export const oneDemoSeedingAtATime = <T>(db: Db, seeding: () => Promise<T>): Promise<T> =>
  withSessionLock(db, DEMO_SEEDING_LOCK, DEMO_SEEDING_WAIT_MS, seeding);
