import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exports } from "../../platform/db/schema/index.ts";
import { createReceiptsScene, type ReceiptsScene } from "../receipts/testing/receipts-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";
import { runDueSchedules } from "./scheduled-exports.service.ts";

/**
 * Scheduled exports (issue 14): owners and accountants set up a daily export at an hour (UTC); the hourly tick makes
 * each due one an export like any other, once however many servers tick, with only what settled since the last.
 */

let s: ReceiptsScene;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  s = await createReceiptsScene();
  gql = graphqlFor(s.t);
});
afterAll(() => s.t.close());

const CREATE =
  "mutation ($f: ExportFormat!, $h: Int!) { create_scheduled_export(file_type: $f, hour: $h) { id hour enabled exclude_booked mark_as_booked } }";

const tick = (now: Date) => runDueSchedules({ db: s.t.db, now, logger: s.t.logger, tasks: s.t.tasks.queue });

const runsOf = (scheduleId: string) => s.t.db.select().from(exports).where(eq(exports.scheduledExportId, scheduleId));

describe("a scheduled export", () => {
  it("is set up by owners and accountants only", async () => {
    expect(codeOf(await gql(CREATE, s.scene.teamAdmin.headers, { f: "CSV", h: 6 }))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(CREATE, s.scene.user.headers, { f: "CSV", h: 6 }))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(CREATE, s.scene.accountant.headers, { f: "CSV", h: 24 }))).toBe("VALIDATION_FAILED");
  });

  it("runs at its hour, once, with what settled since the last run, and makes no empty file", async () => {
    const hour = 7;
    const created = await gql<{ create_scheduled_export: { id: string; exclude_booked: boolean } }>(
      CREATE,
      s.scene.accountant.headers,
      { f: "CSV", h: hour },
    );
    const id = created.data?.create_scheduled_export.id ?? "";
    expect(created.data?.create_scheduled_export).toMatchObject({ exclude_booked: true });

    const day = new Date(s.clock.now().getTime() + 86_400_000);
    day.setUTCHours(hour, 0, 30, 0);
    await tick(new Date(day.getTime() - 3_600_000));
    expect(await runsOf(id)).toHaveLength(0);

    await Promise.all([tick(day), tick(day)]);
    const [first, ...more] = await runsOf(id);
    expect(more).toHaveLength(0);
    expect(first?.totalCount).toBe(3);
    await s.t.tasks.drain("exports.run");
    expect((await runsOf(id))[0]?.status).toBe("completed");

    // The next day: nothing new settled, so no export; then one new purchase is the next day's only row.
    const next = new Date(day.getTime() + 86_400_000);
    await tick(next);
    expect(await runsOf(id)).toHaveLength(1);
    await s.t.db.execute(sql`
      insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                original_currency, transaction_amount, transaction_date, closed_at)
      select project_id, card_id, user_id, team_id, 'Kaup', 'Krónan', 1290, 'ISK', 1290, now(), now()
        from transactions where id = ${s.purchases.employee}`);
    await tick(new Date(next.getTime() + 86_400_000));
    const runs = await runsOf(id);
    expect(runs.map((run) => run.totalCount).sort()).toEqual([1, 3]);
  });

  it("is listed, paused and removed by the company's accountants, never another company's", async () => {
    const created = await gql<{ create_scheduled_export: { id: string } }>(CREATE, s.scene.owner.headers, {
      f: "XLSX",
      h: 3,
    });
    const id = created.data?.create_scheduled_export.id ?? "";
    const paused = await gql<{ update_scheduled_export: { enabled: boolean } }>(
      "mutation ($id: ID!) { update_scheduled_export(id: $id, enabled: false) { enabled } }",
      s.scene.accountant.headers,
      { id },
    );
    expect(paused.data?.update_scheduled_export.enabled).toBe(false);
    const DELETE = "mutation ($id: ID!) { delete_scheduled_export(id: $id) }";
    expect(codeOf(await gql(DELETE, s.scene.foreignOwner.headers, { id }))).toBe("NOT_FOUND");
    expect((await gql(DELETE, s.scene.accountant.headers, { id })).errors).toBeUndefined();
    const listed = await gql<{ scheduled_exports: { id: string }[] }>(
      "{ scheduled_exports { id } }",
      s.scene.accountant.headers,
    );
    expect(listed.data?.scheduled_exports.map((row) => row.id)).not.toContain(id);
  });
});
