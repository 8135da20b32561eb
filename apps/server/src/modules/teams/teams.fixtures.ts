import type { RoleName } from "@kort/core";
import type { TestApp } from "../../app/testing/test-app.ts";
import type { Db } from "../../platform/db/client.ts";
import { addMember, createProject, createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { addTeamMember, createTeam } from "../../platform/http/testing/team-fixtures.ts";

/** Test helpers of the teams tests (not a test file itself). */

export type GraphQLBody<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; details?: unknown } }[];
};

export type Caller = { id: string; role: RoleName; headers: Record<string, string> };

export const graphqlFor =
  (t: TestApp) =>
  async <T = Record<string, unknown>>(
    query: string,
    headers: Record<string, string>,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLBody<T>> => {
    const response = await t.app.inject({ method: "POST", url: "/graphql", headers, payload: { query, variables } });
    if (response.statusCode >= 500) throw new Error(`GraphQL answered ${response.statusCode}: ${response.body}`);
    return response.json<GraphQLBody<T>>();
  };

export const codeOf = (body: GraphQLBody<unknown>): string | undefined => body.errors?.[0]?.extensions?.code;

export const callerIn = async (
  db: Db,
  projectId: string,
  role: RoleName,
  memberOf: { team: { id: string; projectId: string }; isAdmin: boolean }[] = [],
): Promise<Caller> => {
  const user = await createUser(db, `${role} ${projectId.slice(0, 4)}`);
  await addMember(db, projectId, user.id, role);
  for (const { team, isAdmin } of memberOf) await addTeamMember(db, team, user.id, { isAdmin });
  const token = await createToken(db, user.id);
  return { id: user.id, role, headers: { authorization: `Bearer ${token}`, "x-project-id": projectId } };
};

/**
 * One company with two live teams and each of the five roles: the owner, the admin of `mine`, the admin of
 * `theirs`, an accountant and an employee in `mine`; and a second company with a team of its own.
 */
export const createTeamsScene = async (db: Db) => {
  const project = await createProject(db);
  const other = await createProject(db);
  const mine = await createTeam(db, project.id);
  const theirs = await createTeam(db, project.id);
  const foreign = await createTeam(db, other.id);
  return {
    project,
    other,
    teams: { mine, theirs, foreign },
    owner: await callerIn(db, project.id, "project_owner"),
    teamAdmin: await callerIn(db, project.id, "team_admin", [{ team: mine, isAdmin: true }]),
    otherTeamAdmin: await callerIn(db, project.id, "team_admin", [{ team: theirs, isAdmin: true }]),
    accountant: await callerIn(db, project.id, "accountant"),
    user: await callerIn(db, project.id, "user", [{ team: mine, isAdmin: false }]),
    foreignOwner: await callerIn(db, other.id, "project_owner", [{ team: foreign, isAdmin: false }]),
  };
};

export type TeamsScene = Awaited<ReturnType<typeof createTeamsScene>>;
export type SceneRole = "owner" | "teamAdmin" | "otherTeamAdmin" | "accountant" | "user";
export const SCENE_ROLES: readonly SceneRole[] = ["owner", "teamAdmin", "otherTeamAdmin", "accountant", "user"];
