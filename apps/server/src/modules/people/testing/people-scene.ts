import { randomBytes } from "node:crypto";
import { evaluatePolicy, type PolicyActionOf, type RoleName } from "@kort/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.ts";
import { cards, invites } from "../../../platform/db/schema/index.ts";
import { addMember, createProject, createToken, createUser } from "../../../platform/http/testing/fixtures.ts";
import { addTeamMember, createTeam } from "../../../platform/http/testing/team-fixtures.ts";

/** Test helpers of the people tests (not a test file itself). */

type Team = { id: string; projectId: string };

/** A member as the tests know them: where they belong, and their headers when they call. */
export type Person = {
  id: string;
  email: string;
  role: RoleName;
  projectId: string;
  teamIds: string[];
  headers: Record<string, string>;
};

export const personIn = async (
  db: Db,
  projectId: string,
  role: RoleName,
  team: Team | null,
  options: { isAdmin?: boolean; fullName?: string } = {},
): Promise<Person> => {
  const user = await createUser(db, options.fullName ?? `${role} ${projectId.slice(0, 4)}`);
  await addMember(db, projectId, user.id, role);
  if (team) await addTeamMember(db, team, user.id, { isAdmin: options.isAdmin ?? role === "team_admin" });
  const token = await createToken(db, user.id);
  return {
    id: user.id,
    email: user.email,
    role,
    projectId,
    teamIds: team ? [team.id] : [],
    headers: { authorization: `Bearer ${token}`, "x-project-id": projectId },
  };
};

export const CALLER_ROLES = ["owner", "teamAdmin", "accountant", "user", "foreign"] as const;
export type CallerRole = (typeof CALLER_ROLES)[number];

/**
 * Two companies with two teams each. In the first: an owner, the admin of team `a`, an accountant and an
 * employee, all in `a`. `foreign` owns the second company and is in its team `c`.
 */
export const createPeopleScene = async (db: Db) => {
  const project = await createProject(db);
  const other = await createProject(db);
  const teams = {
    a: await createTeam(db, project.id),
    b: await createTeam(db, project.id),
    c: await createTeam(db, other.id),
    d: await createTeam(db, other.id),
  };
  const callers: Record<CallerRole, Person> = {
    owner: await personIn(db, project.id, "project_owner", teams.a),
    teamAdmin: await personIn(db, project.id, "team_admin", teams.a),
    accountant: await personIn(db, project.id, "accountant", teams.a),
    user: await personIn(db, project.id, "user", teams.a),
    foreign: await personIn(db, other.id, "project_owner", teams.c),
  };
  return { project, other, teams, callers };
};

export type PeopleScene = Awaited<ReturnType<typeof createPeopleScene>>;

export const TARGET_KINDS = ["self", "teammate", "otherTeam", "otherProject"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** Where a target of this kind lives, seen from the caller: their team, the other team, the other company. */
export const placeFor = (scene: PeopleScene, caller: Person, kind: Exclude<TargetKind, "self">): Team => {
  const home = caller.projectId === scene.project.id;
  const [mine, theirs, foreign] = home
    ? [scene.teams.a, scene.teams.b, scene.teams.c]
    : [scene.teams.c, scene.teams.d, scene.teams.a];
  return kind === "teammate" ? mine : kind === "otherTeam" ? theirs : foreign;
};

/** A member to act on: the caller, or a new employee placed as the kind says. */
export const targetFor = async (db: Db, scene: PeopleScene, caller: Person, kind: TargetKind): Promise<Person> => {
  if (kind === "self") return caller;
  const team = placeFor(scene, caller, kind);
  return personIn(db, team.projectId, "user", team);
};

/** What the policy says about the caller and this object, asked as spec 3 describes it. */
export const policyAllows = (
  caller: Person,
  action: PolicyActionOf<"user">,
  object: { project_id: string; team_id: string | null; user_id: string | null },
): boolean =>
  evaluatePolicy({
    role: caller.role,
    resource: "user",
    action,
    user: { user_id: caller.id, team_ids: caller.teamIds, project_id: caller.projectId },
    object,
  }).allowed;

export const memberObject = (person: Person) => ({
  project_id: person.projectId,
  user_id: person.id,
  team_id: person.teamIds[0] ?? null,
});

/** An open invitation straight in the table (token unknown to anyone). */
export const insertInvite = async (db: Db, projectId: string, teamId: string | null, email: string) => {
  const [row] = await db
    .insert(invites)
    .values({
      projectId,
      email,
      role: "user",
      teamId,
      tokenHash: randomBytes(32).toString("hex"),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })
    .returning({ id: invites.id });
  if (!row) throw new Error("invite insert returned nothing");
  return row.id;
};

/** A card as the processor would have issued it (the cards module is not built yet). */
export const insertCard = async (
  db: Db,
  input: { projectId: string; holderId: string; type: "BUSINESS_EXPENSE" | "EMPLOYEE_EXPENSE"; closed?: boolean },
) => {
  const [row] = await db
    .insert(cards)
    .values({
      projectId: input.projectId,
      cardType: input.type,
      status: input.closed ? "CLOSED" : "ACTIVE",
      closedAt: input.closed ? new Date(Date.now() - 60_000) : null,
      description: input.type === "BUSINESS_EXPENSE" ? "Áskriftir" : "Innkaup",
      maskedNumber: "4242",
      panEncrypted: randomBytes(32),
      cvcEncrypted: randomBytes(16),
      expirationMonth: 12,
      expirationYear: 2029,
      cardholderId: input.holderId,
    })
    .returning({ id: cards.id });
  if (!row) throw new Error("card insert returned nothing");
  return row.id;
};

export const cardOf = async (db: Db, id: string) => {
  const [row] = await db.select().from(cards).where(eq(cards.id, id));
  if (!row) throw new Error(`no card ${id}`);
  return row;
};
