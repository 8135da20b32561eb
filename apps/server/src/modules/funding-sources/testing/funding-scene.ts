import { randomUUID } from "node:crypto";
import { evaluatePolicy, type PolicyActionOf, type PolicyResource } from "@kort/core";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../../app/testing/test-app.ts";
import { hashPasscode } from "../../../platform/crypto/passwords.ts";
import { cards, users } from "../../../platform/db/schema/index.ts";
import { createCardsScene } from "../../cards/testing/cards-scene.ts";
import { type Caller, callerIn } from "../../teams/teams.fixtures.ts";

/** Test helpers of the funding sources tests (not a test file itself). */

/** The holder's passcode, which the card reveal asks for again. */
export const HOLDER_PASSCODE = "2468";
/** The body of a reveal by the holder. */
export const REVEAL_BODY = { passcode: HOLDER_PASSCODE };

/**
 * The cards scene plus a second employee in team `mine`: the holder is the scene's employee (role user), and the
 * callers are the holder, that peer, the team admin of `mine`, the admin of `theirs`, the accountant, the owner,
 * and the owner of another company.
 */
export const createFundingScene = async (t: TestApp, key: Buffer) => {
  const scene = await createCardsScene(t.db, key);
  await t.db
    .update(users)
    .set({ passcodeHash: await hashPasscode(HOLDER_PASSCODE) })
    .where(eq(users.id, scene.user.id));
  const peer = await callerIn(t.db, scene.project.id, "user", [{ team: scene.teams.mine, isAdmin: false }]);
  const callers = {
    holder: scene.user,
    peer,
    teamAdmin: scene.teamAdmin,
    otherTeamAdmin: scene.otherTeamAdmin,
    accountant: scene.accountant,
    owner: scene.owner,
    foreignOwner: scene.foreignOwner,
  } satisfies Record<string, Caller>;
  const teamsOf: Partial<Record<keyof typeof callers, string[]>> = {
    holder: [scene.teams.mine.id],
    peer: [scene.teams.mine.id],
    teamAdmin: [scene.teams.mine.id],
    otherTeamAdmin: [scene.teams.theirs.id],
  };
  /** What the policy says about the holder's card in team `mine` for this caller. */
  const allows = <R extends PolicyResource>(who: CallerName, resource: R, action: PolicyActionOf<R>): boolean =>
    evaluatePolicy({
      role: callers[who].role,
      resource,
      action,
      user: { user_id: callers[who].id, team_ids: teamsOf[who] ?? [], project_id: scene.project.id },
      object: { project_id: scene.project.id, team_id: scene.teams.mine.id, user_id: scene.user.id },
    }).allowed;
  /** A card held by the employee, in the status the test needs. */
  const holderCard = async (status?: "CREATED" | "FROZEN" | "LOCKED" | "CLOSED") => {
    const card = await scene.issue();
    if (status) await t.db.update(cards).set({ status }).where(eq(cards.id, card.id));
    return card;
  };
  return { ...scene, callers, allows, holderCard };
};

export type FundingScene = Awaited<ReturnType<typeof createFundingScene>>;
export type CallerName = "holder" | "peer" | "teamAdmin" | "otherTeamAdmin" | "accountant" | "owner" | "foreignOwner";

/** A REST call with the caller's headers and a fresh Idempotency-Key on writes. */
export const restFor =
  (t: TestApp) =>
  (
    caller: { headers: Record<string, string> },
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...caller.headers,
        ...(method === "POST" || method === "PATCH" ? { "idempotency-key": randomUUID() } : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    });
