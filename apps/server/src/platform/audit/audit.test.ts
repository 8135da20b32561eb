import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-db.ts";
import { writeAudit, writeAudits } from "./audit.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rowsOf = async (objectType: string) =>
  (
    await database.db.execute<{ object_id: string; action: string; created_at: string }>(
      sql`select object_id, action, created_at::text from audit_log where object_type = ${objectType} order by object_id`,
    )
  ).rows;

describe("the audit log", () => {
  it("appends one entry, at the service's clock", async () => {
    const objectType = `one-${randomUUID()}`;
    await writeAudit(database.db, {
      action: "card.freeze",
      objectType,
      objectId: "a",
      at: new Date("2026-03-02T10:00:00Z"),
    });
    expect(await rowsOf(objectType)).toEqual([
      { object_id: "a", action: "card.freeze", created_at: "2026-03-02 10:00:00+00" },
    ]);
  });

  it("appends the entries of a change of many objects, past one statement's share, each once", async () => {
    const objectType = `many-${randomUUID()}`;
    const at = new Date();
    const ids = Array.from({ length: 2_345 }, (_, i) => String(i).padStart(5, "0"));
    await writeAudits(
      database.db,
      ids.map((objectId) => ({ action: "card.expire", objectType, objectId, at })),
    );
    expect((await rowsOf(objectType)).map((row) => row.object_id)).toEqual(ids);
    await writeAudits(database.db, []);
  });
});
