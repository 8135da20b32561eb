import { randomBytes, randomUUID } from "node:crypto";
import type { RoleName } from "@kort/core";
import type { Db } from "../../db/client.ts";
import { projectMembers, projects, tokens, users } from "../../db/schema/index.ts";
import { hashToken } from "../headers.ts";

/**
 * Rows that HTTP tests make for themselves. E-mails and titles are unique per call, so test files
 * (each on its own cloned database) and tests within a file never depend on each other's rows.
 */

export const createUser = async (db: Db, fullName = "Test Notandi") => {
  const [user] = await db
    .insert(users)
    .values({ fullName, email: `user-${randomUUID()}@test.kort.is` })
    .returning({ id: users.id, email: users.email, fullName: users.fullName });
  if (!user) throw new Error("user insert returned nothing");
  return user;
};

const randomKennitala = () => String(randomBytes(5).readUIntBE(0, 5) % 10_000_000_000).padStart(10, "0");

export const createProject = async (db: Db, options: { title?: string; enabled?: boolean } = {}) => {
  const [project] = await db
    .insert(projects)
    .values({
      title: options.title ?? `Fyrirtæki ${randomUUID().slice(0, 8)} ehf.`,
      kennitala: randomKennitala(),
      enabled: options.enabled ?? true,
    })
    .returning({ id: projects.id, title: projects.title });
  if (!project) throw new Error("project insert returned nothing");
  return project;
};

export const addMember = async (db: Db, projectId: string, userId: string, role: RoleName = "user") => {
  await db.insert(projectMembers).values({ projectId, userId, role });
};

/** A bearer token for the user; only its sha256 is stored, as the server expects. */
export const createToken = async (
  db: Db,
  userId: string,
  options: { status?: "created" | "approved"; expiresAt?: Date } = {},
): Promise<string> => {
  const token = randomBytes(32).toString("base64url");
  await db.insert(tokens).values({
    userId,
    tokenHash: hashToken(token),
    status: options.status ?? "approved",
    expiresAt: options.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
};

/** A user with a session, in one project of their own, plus a project of another company. */
export const createScene = async (db: Db) => {
  const user = await createUser(db, "Anna Jónsdóttir");
  const own = await createProject(db);
  await addMember(db, own.id, user.id, "project_owner");
  const otherUser = await createUser(db, "Other Company Owner");
  const other = await createProject(db, { title: `Annað fyrirtæki ${randomUUID().slice(0, 8)} hf.` });
  await addMember(db, other.id, otherUser.id, "project_owner");
  const token = await createToken(db, user.id);
  return { user, own, other, token, auth: { authorization: `Bearer ${token}` } };
};
