import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { issueCard } from "../../modules/cards/issue-card.service.ts";
import { randomKennitala } from "../../modules/onboarding/testing/kennitala.ts";
import { createPeopleScene, insertInvite, personIn } from "../../modules/people/testing/people-scene.ts";
import { approvedPurchase, settledPurchase } from "../../modules/processor/testing/network-calls.ts";
import { createCardSecrets } from "../../platform/crypto/card-secrets.ts";
import { projects } from "../../platform/db/schema/index.ts";
import type { FixtureIds } from "../../platform/http/testing/operation-args.ts";
import { sweepAccounting } from "./sweep-accounting.ts";
import { sweepNotices } from "./sweep-notices.ts";
import { sweepPaperwork } from "./sweep-paperwork.ts";
import type { TestApp } from "./test-app.ts";

/**
 * A company with a real row for every kind of id an operation takes (operationCall's FixtureIds): an owner in a
 * team, another member in it, an open invitation, a card the member holds with a settled purchase and its receipt
 * and a pending one, the chart (sweep-accounting.ts), the paperwork of its spend (sweep-paperwork.ts) and the
 * owner's own notices (sweep-notices.ts). The machine-run sweeps over every operation (authorization coverage,
 * hostile input) start each call from one, so an operation gets past NOT_FOUND to its policy question and its input.
 * The app must sign links (KORT_LINK_KEY or a card key): the rows are made through its operations, and some answer
 * with links.
 */
export const sweepCompany = async (t: TestApp): Promise<{ headers: Record<string, string>; ids: FixtureIds }> => {
  const { db } = t;
  const scene = await createPeopleScene(db);
  const projectId = scene.project.id;
  const owner = scene.callers.owner.headers;
  const member = await personIn(db, projectId, "user", scene.teams.a);
  const invite = await insertInvite(db, projectId, scene.teams.a.id, `sweep-${randomUUID()}@test.kort.is`);
  // A valid kennitala and an address, as sign-up leaves them: an invoice's buyer and a deposit's owner need both.
  const kennitala = randomKennitala("company").replace("-", "");
  await db
    .update(projects)
    .set({
      creditLimit: 1_000_000,
      kennitala,
      addressStreet: "Sópgata 1",
      addressPostcode: "101",
      addressCity: "Reykjavík",
    })
    .where(eq(projects.id, projectId));
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
  // Purchases on the card, approved by the processor; settled ones then cleared, as the network would.
  const processor = { db, secrets, now: () => new Date() };
  const settle = (merchantName: string) => settledPurchase(processor, card, merchantName);
  const transaction = await settle("Bónus Kringlunni");
  // One left pending, for the network's reversal of it.
  const authorization = await approvedPurchase(processor, card, "Olís Ánanaustum");
  const chart = await sweepAccounting(t, owner, projectId, settle);
  const paperwork = await sweepPaperwork(t, owner, { transaction, kennitala });
  const notices = await sweepNotices(t, owner, projectId);
  return {
    headers: owner,
    ids: {
      project: projectId,
      team: scene.teams.a.id,
      user: member.id,
      invite,
      card: card.id,
      authorization,
      transaction,
      ...chart,
      ...paperwork,
      ...notices,
    },
  };
};
