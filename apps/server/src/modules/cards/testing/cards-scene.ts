import { randomBytes } from "node:crypto";
import { type CardType, evaluatePolicy, type PolicyActionOf } from "@kort/core";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../../app/testing/test-app.ts";
import { createCardSecrets } from "../../../platform/crypto/card-secrets.ts";
import type { Db } from "../../../platform/db/client.ts";
import { projects } from "../../../platform/db/schema/index.ts";
import { createTeamsScene, type SceneRole, type TeamsScene } from "../../teams/teams.fixtures.ts";
import { issueCard } from "../issue-card.service.ts";

/** Test helpers of the cards tests (not a test file itself). */

/** The app with a card key of its own, so cards can be issued over GraphQL. */
export const createCardsTestApp = async (): Promise<{ t: TestApp; key: Buffer }> => {
  const key = randomBytes(32);
  return { t: await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64") } }), key };
};

/** The teams scene (owner, team admins of `mine` and `theirs`, accountant, employee in `mine`, another company), with credit. */
export const createCardsScene = async (db: Db, key: Buffer) => {
  const scene = await createTeamsScene(db);
  for (const project of [scene.project, scene.other]) {
    await db.update(projects).set({ creditLimit: 10_000_000 }).where(eq(projects.id, project.id));
  }
  const secrets = createCardSecrets(key);
  /** Issues a card straight through the service: team `mine` and the employee as holder unless told. */
  const issue = async (
    options: {
      teamId?: string | null;
      cardholderId?: string;
      projectId?: string;
      cardType?: CardType;
      name?: string;
    } = {},
  ) =>
    db.transaction((tx) =>
      issueCard(
        tx,
        { secrets, now: new Date() },
        {
          projectId: options.projectId ?? scene.project.id,
          cardType: options.cardType ?? "EMPLOYEE_EXPENSE",
          cardholderId: options.cardholderId ?? scene.user.id,
          teamId: options.teamId === undefined ? scene.teams.mine.id : options.teamId,
          description: options.name ?? "Prófkort",
          limit: { sumAmount: 100_000, period: "MONTHLY" },
          willCloseAt: null,
          defaultTransactionCategoryId: null,
          createdBy: scene.owner.id,
        },
      ),
    );
  return { ...scene, issue };
};

export type CardsScene = Awaited<ReturnType<typeof createCardsScene>>;

/** What the policy says about a card of team `mine` held by the employee, for this caller. */
export const policyAllowsCard = (
  scene: TeamsScene,
  role: SceneRole,
  action: PolicyActionOf<"card">,
  card: { teamId: string | null; cardholderId: string },
): boolean => {
  const teamIds: Partial<Record<SceneRole, string[]>> = {
    teamAdmin: [scene.teams.mine.id],
    user: [scene.teams.mine.id],
    otherTeamAdmin: [scene.teams.theirs.id],
  };
  return evaluatePolicy({
    role: scene[role].role,
    resource: "card",
    action,
    user: { user_id: scene[role].id, team_ids: teamIds[role] ?? [], project_id: scene.project.id },
    object: { project_id: scene.project.id, team_id: card.teamId, user_id: card.cardholderId },
  }).allowed;
};
