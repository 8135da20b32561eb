import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { issueCard } from "../../modules/cards/issue-card.service.ts";
import { createPeopleScene, insertInvite, personIn } from "../../modules/people/testing/people-scene.ts";
import { authorizePayment } from "../../modules/processor/authorize-payment.service.ts";
import { clearAuthorization } from "../../modules/processor/settlement.service.ts";
import { createCardSecrets } from "../../platform/crypto/card-secrets.ts";
import type { Db } from "../../platform/db/client.ts";
import { categories, projects, taxCategories } from "../../platform/db/schema/index.ts";
import type { FixtureIds } from "../../platform/http/testing/operation-args.ts";

/**
 * A company with a real row for every kind of id an operation takes (operationCall's FixtureIds): an owner in a
 * team, another member in it, an open invitation, a card the member holds with a settled purchase, a category and a
 * tax category. The machine-run sweeps over every operation (authorization coverage, hostile input) start each call
 * from one, so an operation gets past NOT_FOUND to its policy question and its input.
 */
export const sweepCompany = async (db: Db): Promise<{ headers: Record<string, string>; ids: FixtureIds }> => {
  const scene = await createPeopleScene(db);
  const projectId = scene.project.id;
  const member = await personIn(db, projectId, "user", scene.teams.a);
  const invite = await insertInvite(db, projectId, scene.teams.a.id, `sweep-${randomUUID()}@test.kort.is`);
  await db.update(projects).set({ creditLimit: 1_000_000 }).where(eq(projects.id, projectId));
  const secrets = createCardSecrets(randomBytes(32));
  const card = await db.transaction((tx) =>
    issueCard(
      tx,
      { secrets, now: new Date() },
      {
        projectId,
        cardType: "EMPLOYEE_EXPENSE",
        cardholderId: member.id,
        teamId: scene.teams.a.id,
        description: "Sópkort",
        limit: { sumAmount: 100_000, period: "MONTHLY" },
        willCloseAt: null,
        defaultTransactionCategoryId: null,
        createdBy: scene.callers.owner.id,
      },
    ),
  );
  // A settled purchase on the card: approved by the processor, then cleared, as the network would.
  const processor = { db, secrets, now: () => new Date() };
  const approved = await authorizePayment(processor, {
    pan: card.pan,
    expiryMonth: card.expirationMonth,
    expiryYear: card.expirationYear,
    amount: 1_000,
    currency: "ISK",
    merchantName: "Bónus Kringlunni",
    mcc: "5411",
    merchantCountry: "IS",
    networkReference: randomUUID(),
  });
  if (!approved.id) throw new Error(`The sweep company's purchase was declined: ${approved.declineCode}`);
  const { transaction_id: transaction } = await clearAuthorization(processor, {
    authorizationId: approved.id,
    amount: 1_000,
  });
  const code = () => `S-${randomUUID().slice(0, 8)}`;
  const [category] = await db
    .insert(categories)
    .values({ projectId, title: "Sópflokkur", code: code() })
    .returning({ id: categories.id });
  const [taxCategory] = await db
    .insert(taxCategories)
    .values({ projectId, code: code(), peppolCode: "S", percentage: "24.00" })
    .returning({ id: taxCategories.id });
  if (!category || !taxCategory) throw new Error("The sweep company's category rows were not written");
  return {
    headers: scene.callers.owner.headers,
    ids: {
      team: scene.teams.a.id,
      user: member.id,
      invite,
      card: card.id,
      transaction,
      category: category.id,
      taxCategory: taxCategory.id,
    },
  };
};
