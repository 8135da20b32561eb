import { eq, sql } from "drizzle-orm";
import { seedTaxCategories } from "../../modules/accounting/accounting.service.ts";
import { hashPasscode } from "../../platform/crypto/passwords.ts";
import type { Db, Tx } from "../../platform/db/client.ts";
import { projectMembers, projects } from "../../platform/db/schema/index.ts";
import {
  DEMO_PASSCODE,
  DEMO_PLATFORM_OPERATOR,
  DEMO_PLATFORM_USERS,
  DEMO_WAITING_COMPANY,
  type DemoPlatformUserKey,
} from "./seed-data.ts";
import { upsertDemoPerson } from "./seed-people.ts";

/** Another constant than the demo company's seed lock; both only keep two starting servers from seeding twice. */
const PLATFORM_SEED_LOCK = 4_721_907_313;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A platform demo person, upserted like the demo company's people (seed.ts, upsertDemoPerson). */
const upsertPerson = (tx: Tx, key: DemoPlatformUserKey, passcodeHash: string): Promise<string> =>
  upsertDemoPerson(tx, DEMO_PLATFORM_USERS[key], passcodeHash);

/**
 * The platform operator's project (Kort hf.) with its platform owner, and one company waiting for approval, unless
 * an operator project exists already. Separate from the demo company's seed so that a data folder made before the
 * console existed gets its platform owner on the next start. Demo mode only (passcode 1234).
 */
export async function seedPlatform(db: Db, options: { now?: Date } = {}): Promise<{ created: boolean }> {
  const now = options.now ?? new Date();
  const [ownerHash, waitingHash] = await Promise.all([hashPasscode(DEMO_PASSCODE), hashPasscode(DEMO_PASSCODE)]);
  if (!ownerHash || !waitingHash) throw new Error("Could not hash the demo passcode");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PLATFORM_SEED_LOCK})`);
    const existing = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.isPlatformOperator, true))
      .limit(1);
    if (existing.length > 0) return { created: false };

    const platformOwnerId = await upsertPerson(tx, "platformOwner", ownerHash);
    const [operator] = await tx
      .insert(projects)
      .values({
        title: DEMO_PLATFORM_OPERATOR.title,
        kennitala: DEMO_PLATFORM_OPERATOR.kennitala,
        creditLimit: 0,
        approvalStatus: "approved",
        isPlatformOperator: true,
        addressStreet: DEMO_PLATFORM_OPERATOR.address.street,
        addressPostcode: DEMO_PLATFORM_OPERATOR.address.postcode,
        addressCity: DEMO_PLATFORM_OPERATOR.address.city,
      })
      .returning({ id: projects.id });
    if (operator === undefined) throw new Error(`Could not create ${DEMO_PLATFORM_OPERATOR.title}`);
    await tx.insert(projectMembers).values({ projectId: operator.id, userId: platformOwnerId, role: "platform_owner" });
    await seedTaxCategories(tx, { projectId: operator.id, now });

    // Someone may have signed up with this kennitala already: then that company is the one waiting (or decided).
    const taken = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.kennitala, DEMO_WAITING_COMPANY.kennitala))
      .limit(1);
    if (taken.length === 0) {
      const signedUp = new Date(now.getTime() - DEMO_WAITING_COMPANY.signedUpDaysAgo * DAY_MS);
      const waitingOwnerId = await upsertPerson(tx, "waitingOwner", waitingHash);
      const [waiting] = await tx
        .insert(projects)
        .values({
          title: DEMO_WAITING_COMPANY.title,
          kennitala: DEMO_WAITING_COMPANY.kennitala,
          creditLimit: 0,
          approvalStatus: "pending",
          createdAt: signedUp,
          updatedAt: signedUp,
        })
        .returning({ id: projects.id });
      if (waiting === undefined) throw new Error(`Could not create ${DEMO_WAITING_COMPANY.title}`);
      await tx
        .insert(projectMembers)
        .values({ projectId: waiting.id, userId: waitingOwnerId, role: "project_owner", createdAt: signedUp });
      await seedTaxCategories(tx, { projectId: waiting.id, now: signedUp });
    }
    return { created: true };
  });
}
