import { utcDate } from "@kort/core";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { cardNumbers, cards } from "../../platform/db/schema/index.ts";
import { runMigrationFile } from "../../platform/db/testing/migration-file.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { violatedUniqueConstraint } from "../../platform/errors.ts";
import { authorizePayment } from "./authorize-payment.service.ts";
import { clockAt, createProcessorScene } from "./testing/processor-scene.ts";

/**
 * The card directory (card_numbers, migration 0036): whose card a number is, the network's one read across
 * companies (docs/scaling.md, blocker 2). The database keeps it in step with the cards, whatever writes them.
 */
let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const scene = () => createProcessorScene(db, { now: clockAt(utcDate(2026, 4, 15, 12)).now });

const entryOf = async (cardId: string) => db.select().from(cardNumbers).where(eq(cardNumbers.cardId, cardId));

describe("the card directory", () => {
  it("holds an issued card's number, and the network finds the card through it", async () => {
    const s = await scene();
    const card = await s.issue();
    expect(await entryOf(card.id)).toEqual([
      { panLookup: s.secrets.panLookup(card.pan), projectId: s.project.id, cardId: card.id },
    ]);

    // Without its entry the card is unknown to the network: the decision reads the directory, not the cards.
    await db.delete(cardNumbers).where(eq(cardNumbers.cardId, card.id));
    expect(await authorizePayment(s.deps, card.request())).toMatchObject({ id: null, declineCode: "UNKNOWN_CARD" });
    await db
      .insert(cardNumbers)
      .values({ panLookup: s.secrets.panLookup(card.pan), projectId: s.project.id, cardId: card.id });
    expect(await authorizePayment(s.deps, card.request())).toMatchObject({ approved: true, declineCode: null });
  });

  it("follows a card's number when it changes or goes, and when the card is deleted", async () => {
    const s = await scene();
    const card = await s.issue();
    const ofCard = and(eq(cards.projectId, s.project.id), eq(cards.id, card.id));

    await db.update(cards).set({ panLookup: null }).where(ofCard);
    expect(await entryOf(card.id)).toEqual([]);
    await db.update(cards).set({ panLookup: "a-new-number" }).where(ofCard);
    expect(await entryOf(card.id)).toEqual([{ panLookup: "a-new-number", projectId: s.project.id, cardId: card.id }]);
    // A change that leaves the number as it was keeps the entry.
    await db.update(cards).set({ panLookup: "a-new-number", description: "Annað nafn" }).where(ofCard);
    expect(await entryOf(card.id)).toHaveLength(1);

    await db.delete(cards).where(ofCard);
    expect(await entryOf(card.id)).toEqual([]);
  });

  it("gives a number to one card across companies", async () => {
    const first = await scene();
    const second = await scene();
    const card = await first.issue();
    const other = await second.issue();
    const taking = await db
      .update(cards)
      .set({ panLookup: first.secrets.panLookup(card.pan) })
      .where(and(eq(cards.projectId, second.project.id), eq(cards.id, other.id)))
      .then(
        () => null,
        (error: unknown) => violatedUniqueConstraint(error),
      );
    // The cards' own key went in migration 0043: the directory's refuses it, through the trigger and directly.
    expect(taking).toBe("card_numbers_pkey");
    const entering = await db
      .insert(cardNumbers)
      .values({ panLookup: first.secrets.panLookup(card.pan), projectId: second.project.id, cardId: other.id })
      .then(
        () => null,
        (error: unknown) => violatedUniqueConstraint(error),
      );
    expect(entering).toBe("card_numbers_pkey");
  });

  it("has exactly one entry for every card with a number, and no other, from the cards issued before it", async () => {
    // The database as the release before left it: cards, and no directory. Migration 0036 then enters them.
    const s = await scene();
    await s.issue();
    await s.issue();
    await db.execute(sql`drop table card_numbers`);
    await db.execute(sql`drop function kort_keep_card_numbers cascade`);
    await runMigrationFile(db, "0036_card_numbers");
    await s.issue();
    const { rows } = await db.$client.query<{ missing: number; stray: number }>(
      `select
         (select count(*)::int from (select pan_lookup, project_id, id from cards where pan_lookup is not null
            except select pan_lookup, project_id, card_id from card_numbers) m) as missing,
         (select count(*)::int from (select pan_lookup, project_id, card_id from card_numbers
            except select pan_lookup, project_id, id from cards where pan_lookup is not null) s) as stray`,
    );
    expect(rows[0]).toEqual({ missing: 0, stray: 0 });
    expect((await db.$count(cardNumbers)) > 0).toBe(true);
  });
});
