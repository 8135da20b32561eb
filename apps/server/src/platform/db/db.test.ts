import { parseIcelandicPhone, parseKennitala } from "@kort/core";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPasscode } from "../crypto/passwords.ts";
import { icelandic } from "./collation.ts";
import { migrateDatabase } from "./migrate.ts";
import * as schema from "./schema/index.ts";
import { DEMO_PROJECTS, DEMO_USERS, seedDemo } from "./seed.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-db.ts";

const { categories, outbox, projectMembers, projects, teamMembers, teams, users } = schema;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("migrations", () => {
  it("create every table of the schema and apply again without change", async () => {
    const expected = Object.values(schema as Record<string, unknown>)
      .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
      .sort();
    const tablesNow = async () => {
      const result = await database.db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      );
      return result.rows.map((row) => row.tablename);
    };
    expect(await tablesNow()).toEqual(expected);
    await migrateDatabase(database.db);
    expect(await tablesNow()).toEqual(expected);
  });

  it("keep the list indexes in the order the queries sort, so no query sorts in memory", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // An empty table would be scanned whole; forbid the alternatives so a missing index shows as a Sort.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain select id from transactions where project_id = ${crypto.randomUUID()}
            order by transaction_date desc, id desc limit 50`,
      );
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("transactions_project_date_idx");
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("store e-mail addresses in lower case only", async () => {
    await expect(
      database.db.insert(users).values({ fullName: "Stór Stafur", email: "Stor@Demo.is" }),
    ).rejects.toThrow();
  });

  it("keep money exact as numbers well above 2^32", async () => {
    const [row] = await database.db
      .insert(projects)
      .values({ title: "Stórfyrirtæki hf.", kennitala: "4701191010", creditLimit: 9_000_000_000_000 })
      .returning({ id: projects.id, creditLimit: projects.creditLimit });
    expect(row?.creditLimit).toBe(9_000_000_000_000);
    if (row) await database.db.delete(projects).where(eq(projects.id, row.id));
  });
});

describe("demo seed", () => {
  it("creates the demo users, the two demo projects and the platform's side, once", async () => {
    const seeded = await createTestDatabase();
    try {
      // Two servers starting at once: the advisory lock lets exactly one of them seed.
      const results = await Promise.all([seedDemo(seeded.db), seedDemo(seeded.db)]);
      expect(results.map((result) => result.created).sort()).toEqual([false, true]);
      expect(await seedDemo(seeded.db)).toEqual({ created: false });

      const people = await seeded.db.select().from(users).orderBy(users.email);
      expect(people.map((user) => user.email)).toEqual([
        "accountant@demo.is",
        "employee@demo.is",
        "owner@demo.is",
        "pending@demo.is",
        "platform@demo.is",
        "teamadmin@demo.is",
      ]);
      for (const person of people) {
        expect(parseKennitala(person.nin ?? "")).toMatchObject({ ok: true, kind: "person" });
        expect(parseIcelandicPhone(person.phone ?? "")).toMatchObject({ ok: true, kind: "mobile" });
        expect(await verifyPasscode("1234", person.passcodeHash ?? "")).toBe(true);
        expect(await verifyPasscode("4321", person.passcodeHash ?? "")).toBe(false);
      }

      const companies = await seeded.db.select().from(projects).orderBy(icelandic(projects.title));
      expect(companies.map((project) => [project.title, project.approvalStatus, project.isPlatformOperator])).toEqual([
        ...DEMO_PROJECTS.map((project) => [project.title, "approved", false]),
        ["Kort hf.", "approved", true],
        ["Nýsköpun ehf.", "pending", false],
      ]);
      for (const company of companies) {
        expect(parseKennitala(company.kennitala)).toMatchObject({ ok: true, kind: "company" });
      }
      expect(new Set(companies.map((company) => company.kennitala)).size).toBe(companies.length);
      expect(companies.find((company) => company.title === "Nýsköpun ehf.")?.creditLimit).toBe(0);

      const roles = await seeded.db
        .select({ project: projects.title, email: users.email, role: projectMembers.role })
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .innerJoin(users, eq(users.id, projectMembers.userId));
      const roleOf = (project: string, email: string) =>
        roles.find((row) => row.project === project && row.email === email)?.role;
      for (const person of Object.values(DEMO_USERS)) expect(roleOf("Demo ehf.", person.email)).toBe(person.role);
      expect(roleOf("Demo Ráðgjöf ehf.", "owner@demo.is")).toBe("project_owner");
      expect(roleOf("Kort hf.", "platform@demo.is")).toBe("platform_owner");
      expect(roleOf("Nýsköpun ehf.", "pending@demo.is")).toBe("project_owner");
    } finally {
      await seeded.close();
    }
  });

  it("adds the platform's side to a database seeded before it existed", async () => {
    const seeded = await createTestDatabase();
    try {
      await seedDemo(seeded.db);
      await seeded.db.delete(projectMembers).where(eq(projectMembers.role, "platform_owner"));
      await seeded.db.delete(projects).where(eq(projects.isPlatformOperator, true));
      expect(await seedDemo(seeded.db)).toEqual({ created: false });
      const [operator] = await seeded.db.select().from(projects).where(eq(projects.isPlatformOperator, true));
      expect(operator?.title).toBe("Kort hf.");
      // The waiting company was there already: not a second one with its kennitala.
      const waiting = await seeded.db.select().from(projects).where(eq(projects.title, "Nýsköpun ehf."));
      expect(waiting).toHaveLength(1);
    } finally {
      await seeded.close();
    }
  });

  it("gives Demo ehf. teams with account codes, a team admin, categories with VAT and a dimension", async () => {
    const seeded = await createTestDatabase();
    try {
      await seedDemo(seeded.db);
      const [demo] = await seeded.db.select().from(projects).where(eq(projects.title, "Demo ehf."));
      if (demo === undefined) throw new Error("Demo ehf. was not seeded");

      const teamRows = await seeded.db.select().from(teams).where(eq(teams.projectId, demo.id)).orderBy(teams.name);
      expect(teamRows.map((team) => [team.name, team.accountCode])).toEqual([
        ["Sala", "4010"],
        ["Þróun", "4020"],
      ]);
      const admins = await seeded.db
        .select({ team: teams.name, email: users.email })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.isAdmin, true));
      expect(admins).toEqual([{ team: "Sala", email: "teamadmin@demo.is" }]);

      const chart = await seeded.db.execute<{ title: string; code: string; percentage: number | null }>(sql`
        select c.title, c.code, t.percentage from categories c
        left join tax_categories t on t.id = c.default_tax_category_id
        where c.project_id = ${demo.id} and c."group" = 'Default'`);
      expect(chart.rows).toContainEqual({ title: "Ferðakostnaður", code: "4410", percentage: 24 });
      expect(chart.rows).toContainEqual({ title: "Veitingar", code: "4330", percentage: 11 });
      expect(chart.rows.every((row) => row.percentage !== null)).toBe(true);

      const dimension = await seeded.db.execute<{ title: string; values: number; linked: number }>(sql`
        select d.title,
          (select count(*)::int from dimension_values v where v.dimension_id = d.id) as values,
          (select count(*)::int from category_dimensions l where l.dimension_id = d.id) as linked
        from dimensions d where d.project_id = ${demo.id}`);
      expect(dimension.rows).toEqual([{ title: "Verkefni", values: 3, linked: 3 }]);

      const teamCategories = await seeded.db
        .select({ title: categories.title })
        .from(categories)
        .where(eq(categories.group, "Team"));
      expect(teamCategories.map((row) => row.title).sort()).toEqual(["Ráðgjöf", "Sala", "Þróun"]);
    } finally {
      await seeded.close();
    }
  });
});

describe("test databases", () => {
  it("are separate clones of the migrated template: rows in one are not seen in another", async () => {
    const [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(first.url).not.toBe(second.url);
      await first.db.insert(outbox).values({ channel: "sms", to: "+3546111234", body: "only in the first" });
      expect(await first.db.$count(outbox)).toBe(1);
      expect(await second.db.$count(outbox)).toBe(0);
      expect(await database.db.$count(outbox)).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
