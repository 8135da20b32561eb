import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRegistry, projects } from "../../platform/db/schema/index.ts";
import { runMigrationFile } from "../../platform/db/testing/migration-file.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { createProject } from "../../platform/http/testing/fixtures.ts";
import { assertKennitalaFree, violatedKennitalaKey } from "./memberships.service.ts";

/**
 * The company registry (project_registry, migration 0041): the keys of projects that are global by nature, which
 * sign-up and inbound e-mail find a company by (docs/scaling.md, blocker 2). The database keeps it in step.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const entryOf = async (projectId: string) => {
  const [row] = await database.db.select().from(projectRegistry).where(eq(projectRegistry.projectId, projectId));
  return row;
};

const kennitalaOf = async (projectId: string) => {
  const [row] = await database.db
    .select({ kennitala: projects.kennitala })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.kennitala ?? "";
};

/** Companies without their entry, entries without their company, and entries that differ from it. */
const drift = async () => {
  const { rows } = await database.db.$client.query<{ missing: number; stray: number }>(
    `with registered as (
       select id, kennitala, approval_status = 'rejected' as rejected, is_platform_operator, receipts_mailbox
         from projects)
     select
       (select count(*)::int from (select * from registered
          except select project_id, kennitala, rejected, is_platform_operator, receipts_mailbox from project_registry) m)
         as missing,
       (select count(*)::int from (
          select project_id, kennitala, rejected, is_platform_operator, receipts_mailbox from project_registry
          except select * from registered) s) as stray`,
  );
  return rows[0];
};

const refusal = (write: Promise<unknown>) =>
  write.then(
    () => null,
    (error: unknown) => error,
  );

describe("the company registry", () => {
  it("holds a company's kennitala, and sign-up reads it there", async () => {
    const project = await createProject(database.db);
    const kennitala = await kennitalaOf(project.id);
    expect(await entryOf(project.id)).toMatchObject({ kennitala, rejected: false, isPlatformOperator: false });
    await expect(assertKennitalaFree(database.db, kennitala)).rejects.toMatchObject({
      code: "COMPANY_ALREADY_REGISTERED",
    });
    // Without its entry the kennitala reads as free: the check reads the registry, not the companies.
    await database.db.delete(projectRegistry).where(eq(projectRegistry.projectId, project.id));
    await expect(assertKennitalaFree(database.db, kennitala)).resolves.toBeUndefined();
    await database.db.execute(sql`
      insert into project_registry (project_id, kennitala, rejected, is_platform_operator, receipts_mailbox)
      select id, kennitala, false, is_platform_operator, receipts_mailbox from projects where id = ${project.id}`);
  });

  it("follows a company's keys when they change, and lets them go with the company", async () => {
    const project = await createProject(database.db);
    await database.db
      .update(projects)
      .set({ receiptsMailbox: `k${project.id.slice(0, 8)}`, approvalStatus: "rejected" })
      .where(eq(projects.id, project.id));
    expect(await entryOf(project.id)).toMatchObject({ receiptsMailbox: `k${project.id.slice(0, 8)}`, rejected: true });
    // Credit and settings are not the registry's: no write to it, nothing changes.
    await database.db.update(projects).set({ creditLimit: 5_000_000 }).where(eq(projects.id, project.id));
    expect(await drift()).toEqual({ missing: 0, stray: 0 });
    await database.db.delete(projects).where(eq(projects.id, project.id));
    expect(await entryOf(project.id)).toBeUndefined();
  });

  it("refuses a second live company with one kennitala by its own key, the companies' having gone (0043)", async () => {
    const first = await createProject(database.db);
    const second = await createProject(database.db);
    const kennitala = await kennitalaOf(first.id);
    const taking = (id: string) => database.db.update(projects).set({ kennitala }).where(eq(projects.id, id));
    expect(violatedKennitalaKey(await refusal(taking(second.id)))).toBe(true);
    // A rejected company's kennitala may be held by another (migration 0006's duplicates).
    await database.db.update(projects).set({ approvalStatus: "rejected" }).where(eq(projects.id, first.id));
    expect(await refusal(taking(second.id))).toBeNull();
    expect(await drift()).toEqual({ missing: 0, stray: 0 });
  });

  it("is copied from the companies made before it (migration 0041)", async () => {
    await createProject(database.db);
    await database.db.execute(sql`
      drop table project_registry;
      drop function kort_keep_project_registry cascade`);
    await runMigrationFile(database.db, "0041_project_registry");
    // And numbered again, as migration 0042 numbered the companies of the release before.
    await runMigrationFile(database.db, "0042_company_numbers");
    await createProject(database.db);
    expect(await drift()).toEqual({ missing: 0, stray: 0 });
  });
});
