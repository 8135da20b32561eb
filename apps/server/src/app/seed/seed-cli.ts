import { createBlobStore } from "../../platform/blobs/create-blob-store.ts";
import { loadConfig } from "../../platform/config.ts";
import { resolveCardKey } from "../../platform/crypto/card-key-file.ts";
import { createDb } from "../../platform/db/client.ts";
import type { DbLog } from "../../platform/db/embedded-support.ts";
import { migrateDatabase } from "../../platform/db/migrate.ts";
import { startDatabase } from "../../platform/db/start.ts";
import { oneDemoSeedingAtATime, seedModuleData, seedModuleDemos } from "./demo.ts";
import { DEMO_PASSCODE, DEMO_SIGN_INS, seedDemo } from "./seed.ts";

/** `npm run seed`: the configured database (DATABASE_URL or the embedded one), migrated, with the demo data. */

const log: DbLog = {
  debug() {},
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

const config = loadConfig();
if (!config.demoMode) {
  // The demo users sign in with a passcode everyone knows.
  console.error("Refusing to seed demo data in production mode (KORT_ENV=production).");
  process.exit(1);
}

const database = await startDatabase(config, log);
const { db, close } = createDb(database.url);
try {
  await migrateDatabase(db);
  const cardKey = await resolveCardKey(config);
  const { created } = await oneDemoSeedingAtATime(db, async () => {
    const seeded = await seedDemo(db, { cardKey });
    await seedModuleData(db, { now: new Date(), blobs: createBlobStore(config.blobs), config });
    return seeded;
  });
  // No server runs here: links point where `npm start` listens by default, unless KORT_PUBLIC_URL says otherwise.
  const baseUrl = config.publicUrl?.replace(/\/+$/, "") ?? `http://127.0.0.1:${config.port}`;
  await seedModuleDemos(db, { baseUrl, now: new Date() });
  console.log(created ? "Demo data created." : "Demo data was already there; nothing changed.");
  console.log(`Sign in with passcode ${DEMO_PASSCODE} as:`);
  for (const user of DEMO_SIGN_INS) console.log(`  ${user.email.padEnd(20)} ${user.role}`);
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await close();
  await database.stop();
}
