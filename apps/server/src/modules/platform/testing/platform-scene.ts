import type { RoleName } from "@kort/core";
import { eq } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.ts";
import { projects } from "../../../platform/db/schema/index.ts";
import { addMember, createProject, createToken, createUser } from "../../../platform/http/testing/fixtures.ts";

export type Caller = { id: string; headers: Record<string, string> };

/**
 * The platform operator's project of this test file's database: one per database (a partial unique index), so
 * it is made on first use and found after.
 */
export const operatorProject = async (db: Db): Promise<string> => {
  const [existing] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.isPlatformOperator, true))
    .limit(1);
  if (existing) return existing.id;
  const project = await createProject(db, { title: "Kort hf." });
  await db.update(projects).set({ isPlatformOperator: true }).where(eq(projects.id, project.id));
  return project.id;
};

/** A signed-in member with this role in the project, calling with its X-Project-Id. */
export const callerIn = async (db: Db, projectId: string, role: RoleName): Promise<Caller> => {
  const user = await createUser(db, `${role} ${projectId.slice(0, 4)}`);
  await addMember(db, projectId, user.id, role);
  const token = await createToken(db, user.id);
  return { id: user.id, headers: { authorization: `Bearer ${token}`, "x-project-id": projectId } };
};

/** A platform owner of the operator's project. */
export const platformOwner = async (db: Db): Promise<Caller> =>
  callerIn(db, await operatorProject(db), "platform_owner");
