import { eq, sql } from "drizzle-orm";
import { seedTaxCategories } from "../../modules/accounting/accounting.service.ts";
import { hashPasscode } from "../../platform/crypto/passwords.ts";
import type { Db, Tx } from "../../platform/db/client.ts";
import {
  categories,
  categoryDimensions,
  dimensions,
  dimensionValues,
  projectMembers,
  projects,
  taxCategories,
  teamMembers,
  teams,
} from "../../platform/db/schema/index.ts";
import { type DemoCardOptions, demoSecrets, seedDemoCards, seedDemoHistory } from "./seed-cards.ts";
import {
  DEMO_CATEGORIES,
  DEMO_DIMENSIONS,
  DEMO_PASSCODE,
  DEMO_PLATFORM_USERS,
  DEMO_PROJECTS,
  DEMO_TEAM_MEMBERS,
  DEMO_USERS,
  type DemoProject,
  type DemoUserKey,
} from "./seed-data.ts";

import { seedDemoLedger } from "./seed-ledger.ts";
import { upsertDemoPerson } from "./seed-people.ts";
import { seedPlatform } from "./seed-platform.ts";

export { DEMO_PASSCODE, DEMO_PLATFORM_USERS, DEMO_PROJECTS, DEMO_USERS } from "./seed-data.ts";

/** Everyone who signs in with the demo passcode, for the start-up banner and `npm run seed`. */
export const DEMO_SIGN_INS: readonly { email: string; role: string }[] = [
  ...Object.values(DEMO_USERS),
  ...Object.values(DEMO_PLATFORM_USERS),
];

/** Any constant will do; it keeps two servers starting at once from seeding twice. */
const SEED_LOCK = 4_721_907_312;

/**
 * Creates the demo companies, people, teams and chart of accounts, unless "Demo ehf." is already there.
 * Only for demo mode: the demo users' passcode is 1234. Companies and people are plain inserts; with a card key,
 * Demo ehf.'s cards are issued through `issueCard` and their history made by generate-transactions, so they pass
 * the same rules as real traffic. Then the platform side (seed-platform.ts), which has its own "once".
 */
export async function seedDemo(db: Db, options: DemoCardOptions = {}): Promise<{ created: boolean }> {
  const firstProject = DEMO_PROJECTS[0];
  if (firstProject === undefined) return { created: false };
  const secrets = demoSecrets(options);
  const now = options.now ?? new Date();
  const keys = Object.keys(DEMO_USERS) as DemoUserKey[];
  // Hashing is slow on purpose; do it before taking the lock and the transaction.
  const hashes = await Promise.all(keys.map(() => hashPasscode(DEMO_PASSCODE)));

  const demo = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.kennitala, firstProject.kennitala))
      .limit(1);
    if (existing.length > 0) return undefined;

    const userIds = new Map<DemoUserKey, string>();
    for (const [index, key] of keys.entries()) {
      const hash = hashes[index];
      if (hash === undefined) throw new Error("Could not hash the demo passcode");
      userIds.set(key, await upsertDemoPerson(tx, DEMO_USERS[key], hash));
    }
    const userId = (key: DemoUserKey): string => {
      const id = userIds.get(key);
      if (id === undefined) throw new Error(`Demo user ${key} is missing`);
      return id;
    };

    const projectIds: string[] = [];
    for (const project of DEMO_PROJECTS) projectIds.push(await seedProject(tx, project, userId, now));
    const projectId = projectIds[0];
    if (projectId === undefined) throw new Error("Demo ehf. was not created");
    if (secrets) await seedDemoCards(tx, { projectId, secrets, now, userId });
    return { projectId };
  });
  await seedPlatform(db, { now });
  if (demo === undefined) return { created: false };
  // Only the caller that created the company gets here, so history is made once. It needs the cards committed:
  // the processor's services run their own transactions, as they do for the network.
  if (secrets) {
    await seedDemoHistory(db, { projectId: demo.projectId, secrets, now });
    await seedDemoLedger(db, { projectId: demo.projectId, now });
  }
  return { created: true };
}

async function seedProject(
  tx: Tx,
  demo: DemoProject,
  userId: (key: DemoUserKey) => string,
  now: Date,
): Promise<string> {
  const [project] = await tx
    .insert(projects)
    .values({
      title: demo.title,
      kennitala: demo.kennitala,
      creditLimit: demo.creditLimit,
      addressStreet: demo.address.street,
      addressPostcode: demo.address.postcode,
      addressCity: demo.address.city,
      receiptsMailbox: demo.receiptsMailbox,
    })
    .returning({ id: projects.id });
  if (project === undefined) throw new Error(`Could not create ${demo.title}`);
  const projectId = project.id;

  await tx.insert(projectMembers).values([
    { projectId, userId: userId("owner"), role: DEMO_USERS.owner.role },
    ...demo.members.map((key) => ({
      projectId,
      userId: userId(key),
      role: DEMO_USERS[key].role,
      // The team admin may issue cards up to 500.000 kr. a month, and not to themselves.
      ...(key === "teamAdmin" ? { maxMonthlyLimit: 500_000, allowIssuingCardsToSelf: false } : {}),
    })),
  ]);

  // Every company starts with the Icelandic VAT rates, as a sign-up does.
  await seedTaxCategories(tx, { projectId, now });
  const taxRows = await tx
    .select({ id: taxCategories.id, code: taxCategories.code })
    .from(taxCategories)
    .where(eq(taxCategories.projectId, projectId));
  const taxId = new Map(taxRows.map((row) => [row.code, row.id]));

  const categoryRows = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((category) => ({
        projectId,
        title: category.title,
        code: category.code,
        defaultTaxCategoryId: taxId.get(category.tax),
      })),
    )
    .returning({ id: categories.id, title: categories.title });

  for (const team of demo.teams) {
    // Each team has its own category in the Team group: title = team name, code = account code.
    const [teamCategory] = await tx
      .insert(categories)
      .values({ projectId, title: team.name, code: team.accountCode, group: "Team" })
      .returning({ id: categories.id });
    const [teamRow] = await tx
      .insert(teams)
      .values({ projectId, ...team, categoryId: teamCategory?.id })
      .returning({ id: teams.id });
    if (teamRow === undefined) throw new Error(`Could not create the team ${team.name}`);
    const members = DEMO_TEAM_MEMBERS.filter((member) => member.team === team.name);
    if (members.length > 0) {
      await tx.insert(teamMembers).values(
        members.map((member) => ({
          projectId,
          teamId: teamRow.id,
          userId: userId(member.user),
          isAdmin: member.isAdmin,
        })),
      );
    }
  }

  for (const demoDimension of DEMO_DIMENSIONS) {
    const [dimension] = await tx
      .insert(dimensions)
      .values({ projectId, title: demoDimension.title })
      .returning({ id: dimensions.id });
    if (dimension === undefined) throw new Error(`Could not create the dimension ${demoDimension.title}`);
    await tx
      .insert(dimensionValues)
      .values(demoDimension.values.map((value) => ({ projectId, dimensionId: dimension.id, ...value })));
    const linked = categoryRows.filter((row) => demoDimension.categories.includes(row.title));
    await tx
      .insert(categoryDimensions)
      .values(linked.map((row) => ({ projectId, categoryId: row.id, dimensionId: dimension.id })));
  }
  return projectId;
}
