import { utcDate } from "@kort/core";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { auditLog, cards } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { closeDueCards, expireCards } from "./card-lifecycle.service.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const start = utcDate(2026, 4, 15, 12);
const scene = async () => {
  const clock = clockAt(start);
  return { clock, ...(await createProcessorScene(db, { now: clock.now })) };
};
const cardRow = async (id: string) => {
  const [row] = await db.select().from(cards).where(eq(cards.id, id));
  if (!row) throw new Error("card missing");
  return row;
};
const auditsOf = (id: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectId, id), eq(auditLog.action, action)));
const ids = (changes: readonly { id: string }[]) => changes.map((change) => change.id);

describe("closeDueCards", () => {
  it("closes a card just after will_close_at, not at the instant, once, with an audit row", async () => {
    const s = await scene();
    const willCloseAt = new Date(Date.UTC(2026, 4, 20, 23, 59, 59, 999));
    const card = await s.issue({ willCloseAt });
    const open = await s.issue({ willCloseAt: null });

    expect(ids(await closeDueCards(db, willCloseAt))).not.toContain(card.id);
    expect((await cardRow(card.id)).status).toBe("ACTIVE");

    const after = new Date(willCloseAt.getTime() + 1);
    expect(ids(await closeDueCards(db, after))).toContain(card.id);
    expect(await cardRow(card.id)).toMatchObject({ status: "CLOSED", closedAt: after, statusChangedAt: after });
    expect((await cardRow(open.id)).status).toBe("ACTIVE");
    expect(ids(await closeDueCards(db, new Date(after.getTime() + 60_000)))).not.toContain(card.id);
    const audits = await auditsOf(card.id, "card.auto_close");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ projectId: s.project.id, actorUserId: null });

    // The closed card declines from then on.
    s.clock.set(new Date(after.getTime() + 1000));
    expect(await authorizePayment(s.deps, card.request())).toMatchObject({ declineCode: "CARD_NOT_ACTIVE" });
  });

  it("closes a due card that is locked too, and leaves a closed one as it was", async () => {
    const s = await scene();
    const past = new Date(start.getTime() - 1000);
    const locked = await s.issue({ willCloseAt: past });
    await s.setCard(locked.id, { status: "LOCKED" });
    const closed = await s.issue({ willCloseAt: past });
    await s.setCard(closed.id, { status: "CLOSED", closedAt: past });
    const changed = ids(await closeDueCards(db, start));
    expect(changed).toContain(locked.id);
    expect(changed).not.toContain(closed.id);
    expect((await cardRow(closed.id)).closedAt).toEqual(past);
  });
});

describe("expireCards", () => {
  it("expires a card at 00:00 UTC on the first day after its expiry month, and only living cards", async () => {
    const s = await scene();
    const card = await s.issue();
    const frozen = await s.issue();
    const closed = await s.issue();
    await s.setCard(frozen.id, { status: "FROZEN" });
    await s.setCard(closed.id, { status: "CLOSED", closedAt: start });
    const { expirationYear: year, expirationMonth: month } = card;
    for (const other of [frozen, closed]) {
      await s.setCard(other.id, { expirationYear: year, expirationMonth: month });
    }
    const firstAfter = new Date(Date.UTC(year, month, 1));
    const lastMoment = new Date(firstAfter.getTime() - 1);
    expect(ids(await expireCards(db, lastMoment))).not.toContain(card.id);
    expect((await cardRow(card.id)).status).toBe("ACTIVE");

    const expired = ids(await expireCards(db, firstAfter));
    expect(expired).toEqual(expect.arrayContaining([card.id, frozen.id]));
    expect(expired).not.toContain(closed.id);
    const rows = await db
      .select()
      .from(cards)
      .where(inArray(cards.id, [card.id, frozen.id, closed.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [card.id]: "EXPIRED",
      [frozen.id]: "EXPIRED",
      [closed.id]: "CLOSED",
    });
    expect(await auditsOf(card.id, "card.expire")).toHaveLength(1);
    expect(ids(await expireCards(db, new Date(firstAfter.getTime() + 60_000)))).not.toContain(card.id);
  });
});
