import { randomBytes } from "node:crypto";
import type { CardType, LimitPeriod, LimitUsageType } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import { createCardSecrets } from "../../../platform/crypto/card-secrets.ts";
import type { Db } from "../../../platform/db/client.ts";
import { cardLimits, cards, projects, teams } from "../../../platform/db/schema/index.ts";
import { addMember, createProject, createUser } from "../../../platform/http/testing/fixtures.ts";
import { issueCard } from "../../cards/issue-card.service.ts";
import type { PaymentRequest, ProcessorDeps } from "../authorize-payment.service.ts";

/** A movable clock for the processor's rules. */
export const clockAt = (start: Date) => {
  let current = start;
  return { now: () => current, set: (next: Date) => (current = next) };
};

export const testCardKey = (): Buffer => randomBytes(32);

/** A company with credit, an owner, a team with optional limit control, and helpers to issue cards. */
export const createProcessorScene = async (
  db: Db,
  options: { creditLimit?: number; now: () => Date; key?: Buffer } = { now: () => new Date() },
) => {
  const key = options.key ?? testCardKey();
  const secrets = createCardSecrets(key);
  const deps: ProcessorDeps = { db, secrets, now: options.now };
  const owner = await createUser(db, "Eigandi Prófsson");
  const project = await createProject(db);
  await addMember(db, project.id, owner.id, "project_owner");
  await db
    .update(projects)
    .set({ creditLimit: options.creditLimit ?? 10_000_000 })
    .where(eq(projects.id, project.id));
  const [team] = await db
    .insert(teams)
    .values({ projectId: project.id, name: `Sala ${randomBytes(4).toString("hex")}`, accountCode: "100" })
    .returning({ id: teams.id });
  if (!team) throw new Error("team insert returned nothing");

  const issue = async (
    options2: {
      sumAmount?: number;
      period?: LimitPeriod;
      cardType?: CardType;
      willCloseAt?: Date | null;
      teamId?: string | null;
    } = {},
  ) => {
    const card = await db.transaction((tx) =>
      issueCard(
        tx,
        { secrets, now: options.now() },
        {
          projectId: project.id,
          cardType: options2.cardType ?? "EMPLOYEE_EXPENSE",
          cardholderId: owner.id,
          teamId: options2.teamId === undefined ? team.id : options2.teamId,
          description: "Prófkort",
          limit: { sumAmount: options2.sumAmount ?? 100_000, period: options2.period ?? "MONTHLY" },
          willCloseAt: options2.willCloseAt ?? null,
          defaultTransactionCategoryId: null,
          createdBy: owner.id,
        },
      ),
    );
    /** A purchase request for this card; override what the test is about. */
    const request = (overrides: Partial<PaymentRequest> = {}): PaymentRequest => ({
      pan: card.pan,
      expiryMonth: card.expirationMonth,
      expiryYear: card.expirationYear,
      amount: 1000,
      currency: "ISK",
      merchantName: "Bónus Kringlunni",
      mcc: "5411",
      merchantCountry: "IS",
      ...overrides,
    });
    return { ...card, request };
  };

  const setCard = (cardId: string, values: Partial<typeof cards.$inferInsert>) =>
    db.update(cards).set(values).where(eq(cards.id, cardId));
  const setLimit = (cardId: string, values: { usageType?: LimitUsageType; count?: number; singleAmount?: number }) =>
    db.update(cardLimits).set(values).where(eq(cardLimits.cardId, cardId));
  const setTeamLimits = (values: {
    maxDailyLimit?: number | null;
    maxWeeklyLimit?: number | null;
    maxMonthlyLimit?: number | null;
  }) => db.update(teams).set(values).where(eq(teams.id, team.id));

  return { deps, secrets, key, owner, project, team, issue, setCard, setLimit, setTeamLimits };
};

/**
 * The running balances' drift from their recomputation out of the raw rows (migration 0014_balances): stored rows
 * the recomputation lacks or disagrees with, and the other way round. Empty when the balances are right.
 */
export const balanceDrift = async (db: Db, projectId: string): Promise<Record<string, unknown>[]> => {
  const spend = await db.execute(sql`
    (select project_id, owner_id, kind, starts_at, atm_sum, atm_count, retail_sum, retail_count from spend_balances
      where project_id = ${projectId} and (atm_sum <> 0 or atm_count <> 0 or retail_sum <> 0 or retail_count <> 0)
     except select * from kort_spend_balances_from_ledger(${projectId}))
    union all
    (select * from kort_spend_balances_from_ledger(${projectId})
     except select project_id, owner_id, kind, starts_at, atm_sum, atm_count, retail_sum, retail_count
              from spend_balances where project_id = ${projectId})`);
  const credit = await db.execute(sql`
    (select * from credit_balances where project_id = ${projectId} and (settled <> 0 or reserved <> 0)
     except select * from kort_credit_balances_from_ledger(${projectId}))
    union all
    (select * from kort_credit_balances_from_ledger(${projectId})
     except select * from credit_balances where project_id = ${projectId})`);
  return [...spend.rows, ...credit.rows];
};
