import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { teamMembers, teams } from "../../db/schema/index.ts";

/** A team of its own in the project, with a unique name and account code. */
export const createTeam = async (db: Db, projectId: string, options: { deleted?: boolean } = {}) => {
  const suffix = randomUUID().slice(0, 8);
  const [team] = await db
    .insert(teams)
    .values({
      projectId,
      name: `Teymi ${suffix}`,
      accountCode: suffix,
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning({ id: teams.id, projectId: teams.projectId, name: teams.name });
  if (!team) throw new Error("team insert returned nothing");
  return team;
};

export const addTeamMember = async (
  db: Db,
  team: { id: string; projectId: string },
  userId: string,
  options: { isAdmin?: boolean } = {},
) => {
  await db.insert(teamMembers).values({ projectId: team.projectId, teamId: team.id, userId, isAdmin: options.isAdmin });
};
