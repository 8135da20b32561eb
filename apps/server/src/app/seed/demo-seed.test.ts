import { parseIcelandicPhone, parseKennitala } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPasscode } from "../../platform/crypto/passwords.ts";
import { createDb } from "../../platform/db/client.ts";
import { icelandic } from "../../platform/db/collation.ts";
import * as schema from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { oneDemoSeedingAtATime } from "./demo.ts";
import { DEMO_PROJECTS, DEMO_USERS, seedDemo } from "./seed.ts";

const { categories, projectMembers, projects, teamMembers, teams, users } = schema;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

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

      const chart = await seeded.db.execute<{ title: string; code: string; percentage: string | null }>(sql`
        select c.title, c.code, t.percentage from categories c
        left join tax_categories t on t.id = c.default_tax_category_id
        where c.project_id = ${demo.id} and c."group" = 'Default'`);
      expect(chart.rows).toContainEqual({ title: "Skrifstofukostnaður", code: "2360", percentage: "24.00" });
      expect(chart.rows).toContainEqual({ title: "Annar kostnaður", code: "2440", percentage: "24.00" });
      expect(chart.rows).toContainEqual({ title: "Fæði og veitingar", code: "2370", percentage: "11.00" });
      expect(chart.rows).toContainEqual({ title: "Hugbúnaður og áskriftir", code: "2365", percentage: "24.00" });
      expect(chart.rows.every((row) => row.percentage !== null)).toBe(true);

      const taxes = await seeded.db.execute<{ code: string; peppol_code: string; percentage: string }>(sql`
        select code, peppol_code, percentage from tax_categories where project_id = ${demo.id} order by percentage desc`);
      expect(taxes.rows).toEqual([
        { code: "VSK24", peppol_code: "S", percentage: "24.00" },
        { code: "VSK11", peppol_code: "S", percentage: "11.00" },
        { code: "VSK0", peppol_code: "Z", percentage: "0.00" },
      ]);

      const dimension = await seeded.db.execute<{ title: string; values: number; linked: number }>(sql`
        select d.title,
          (select count(*)::int from dimension_values v where v.dimension_id = d.id) as values,
          (select count(*)::int from category_dimensions l where l.dimension_id = d.id) as linked
        from dimensions d where d.project_id = ${demo.id} order by d.title`);
      expect(dimension.rows).toEqual([
        { title: "Deild", values: 4, linked: 6 },
        { title: "Verkefni", values: 3, linked: 4 },
      ]);

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

describe("demo seeding across servers", () => {
  it("lets one server seed at a time: a second waits until the first has finished every step", async () => {
    const steps: string[] = [];
    let finishFirst = () => {};
    const firstMayFinish = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const first = oneDemoSeedingAtATime(database.db, async () => {
      steps.push("first starts");
      await firstMayFinish;
      steps.push("first ends");
    });
    await expect.poll(() => steps).toEqual(["first starts"]);
    const second = oneDemoSeedingAtATime(database.db, async () => {
      steps.push("second starts");
    });
    // The second server's connection waits on the lock in PostgreSQL, while the first is still seeding.
    await expect
      .poll(async () => {
        const waiting = await database.db.execute(
          sql`select 1 from pg_locks
               where locktype = 'advisory' and not granted
                 and database = (select oid from pg_database where datname = current_database())
               limit 1`,
        );
        return waiting.rows.length;
      })
      .toBe(1);
    expect(steps).toEqual(["first starts"]);
    finishFirst();
    await Promise.all([first, second]);
    expect(steps).toEqual(["first starts", "first ends", "second starts"]);
  });

  it("waits past the pool's request bounds for a first server that seeds longer", async () => {
    const bounded = createDb(database.url, { timeouts: { statementMs: 200, lockMs: 200 } });
    try {
      let finishFirst = () => {};
      const firstMayFinish = new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
      let started = false;
      const first = oneDemoSeedingAtATime(bounded.db, async () => {
        started = true;
        await firstMayFinish;
      });
      await expect.poll(() => started).toBe(true);
      const second = oneDemoSeedingAtATime(bounded.db, async () => "seeded");
      // The second waits on the lock for longer than a request may, then goes on once the first is done.
      await expect
        .poll(async () => {
          const waiting = await database.db.execute(
            sql`select 1 from pg_stat_activity
                 where datname = current_database()
                   and query like 'select pg_advisory_lock%' and wait_event_type = 'Lock'
                   and now() - query_start > interval '600 milliseconds'`,
          );
          return waiting.rows.length;
        })
        .toBe(1);
      finishFirst();
      await first;
      expect(await second).toBe("seeded");
    } finally {
      await bounded.close();
    }
  });
});
