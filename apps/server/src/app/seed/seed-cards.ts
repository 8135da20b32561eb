import { MS_PER_DAY } from "@kort/core";
import { and, eq } from "drizzle-orm";
import { issueCard } from "../../modules/cards/issue-card.service.ts";
import { seededRandom } from "../../modules/processor/demo-merchants.ts";
import { type GenerateResult, generateTransactions } from "../../modules/processor/generate-transactions.service.ts";
import { type CardSecrets, createCardSecrets } from "../../platform/crypto/card-secrets.ts";
import type { Db, Tx } from "../../platform/db/client.ts";
import { categories, teams } from "../../platform/db/schema/index.ts";
import { DEMO_CARDS, type DemoUserKey } from "./seed-data.ts";

/** The demo's card key and clock: main.ts passes the configured key; without one the seed issues no cards. */
export type DemoCardOptions = { cardKey?: Buffer; now?: Date };

/** Cards are issued this long ago, so their history covers a few billing periods (issue 12). */
const ISSUED_DAYS_AGO = 100;
/** How far back the history reaches: three billing periods and a bit. */
const HISTORY_DAYS = 95;
/** Purchases the seed attempts over all demo cards; a fixed seed makes the same choices every time. */
export const DEMO_PURCHASES = 120;
const DEMO_RANDOM_SEED = 20_261_121;

export const demoSecrets = (options: DemoCardOptions): CardSecrets | undefined =>
  options.cardKey ? createCardSecrets(options.cardKey) : undefined;

/** Issues DEMO_CARDS in Demo ehf. in the seed's transaction, through the cards module's issueCard. */
export const seedDemoCards = async (
  tx: Tx,
  input: { projectId: string; secrets: CardSecrets; now: Date; userId: (key: DemoUserKey) => string },
): Promise<void> => {
  const issuedAt = new Date(input.now.getTime() - ISSUED_DAYS_AGO * MS_PER_DAY);
  for (const card of DEMO_CARDS) {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.projectId, input.projectId), eq(teams.name, card.team)));
    const [category] = card.category
      ? await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.projectId, input.projectId), eq(categories.title, card.category)))
      : [];
    await issueCard(
      tx,
      { secrets: input.secrets, now: issuedAt },
      {
        projectId: input.projectId,
        cardType: card.cardType,
        cardholderId: input.userId(card.holder),
        teamId: team?.id ?? null,
        description: card.description,
        limit: card.limit,
        willCloseAt: null,
        defaultTransactionCategoryId: category?.id ?? null,
        createdBy: input.userId("owner"),
      },
    );
  }
};

/** History for the demo cards through generate-transactions: the processor's own rules, never raw rows. */
export const seedDemoHistory = (
  db: Db,
  input: { projectId: string; secrets: CardSecrets; now: Date },
): Promise<GenerateResult> =>
  generateTransactions(
    { db, secrets: input.secrets, now: () => input.now },
    {
      projectId: input.projectId,
      count: DEMO_PURCHASES,
      from: new Date(input.now.getTime() - HISTORY_DAYS * MS_PER_DAY),
      random: seededRandom(DEMO_RANDOM_SEED),
    },
  );
