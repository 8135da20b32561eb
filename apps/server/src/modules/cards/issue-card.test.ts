import { isLuhnValid } from "@kort/core";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client.ts";
import { auditLog, cardLimits, cards, projectMembers, projects } from "../../platform/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../platform/db/testing/test-db.ts";
import { addMember, createUser } from "../../platform/http/testing/fixtures.ts";
import { authorizePayment } from "../processor/authorize-payment.service.ts";
import { createProcessorScene } from "../processor/testing/processor-scene.ts";
import { assertCardLimitsAllowed, checkCardLimits } from "./card-limit-check.service.ts";
import { TEST_BIN } from "./card-numbers.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const now = new Date("2026-05-15T12:00:00.000Z");

describe("issuing a card", () => {
  it("makes an ACTIVE card with a sealed Luhn-valid PAN, CVC, expiry 3 years out and the spec's limit entry", async () => {
    const s = await createProcessorScene(db, { now: () => now });
    const issued = await s.issue({ sumAmount: 250_000, period: "WEEKLY" });
    expect(issued.pan).toMatch(new RegExp(`^${TEST_BIN}[0-9]{10}$`));
    expect(isLuhnValid(issued.pan)).toBe(true);
    expect(issued.cvc).toMatch(/^[0-9]{3}$/);
    const [card] = await db.select().from(cards).where(eq(cards.id, issued.id));
    if (!card) throw new Error("card missing");
    expect(card).toMatchObject({
      status: "ACTIVE",
      maskedNumber: issued.pan.slice(-4),
      expirationMonth: 5,
      expirationYear: 2029,
    });
    expect(card.panEncrypted.toString("latin1")).not.toContain(issued.pan);
    expect(s.secrets.open(card.panEncrypted, card.id)).toBe(issued.pan);
    expect(s.secrets.open(card.cvcEncrypted, card.id)).toBe(issued.cvc);
    expect(card.panLookup).toBe(s.secrets.panLookup(issued.pan));
    const limits = await db.select().from(cardLimits).where(eq(cardLimits.cardId, issued.id));
    expect(limits).toEqual([
      expect.objectContaining({
        sumAmount: 250_000,
        singleAmount: 250_000,
        count: 1000,
        usageType: "ALL",
        period: "WEEKLY",
      }),
    ]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, issued.id), eq(auditLog.action, "card.create")));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(issued.pan);
    expect((await authorizePayment(s.deps, issued.request())).approved).toBe(true);
  });

  it.each(["pending", "rejected"] as const)(
    "refuses a company the platform has not approved (%s), whoever calls it",
    async (approvalStatus) => {
      const s = await createProcessorScene(db, { now: () => now });
      await db.update(projects).set({ approvalStatus }).where(eq(projects.id, s.project.id));
      await expect(s.issue({ sumAmount: 10_000, period: "MONTHLY" })).rejects.toMatchObject({
        code: "PROJECT_NOT_APPROVED",
      });
      expect(await db.select().from(cards).where(eq(cards.projectId, s.project.id))).toEqual([]);
    },
  );
});

describe("the card limit check", () => {
  it("blocks over the actor's maximum, issuing to self when not allowed, and beyond the company's credit", async () => {
    const s = await createProcessorScene(db, { now: () => now, creditLimit: 1_000_000 });
    const admin = await createUser(db, "Teymisstjóri");
    await addMember(db, s.project.id, admin.id, "team_admin");
    await db
      .update(projectMembers)
      .set({ maxMonthlyLimit: 500_000, allowIssuingCardsToSelf: false })
      .where(and(eq(projectMembers.projectId, s.project.id), eq(projectMembers.userId, admin.id)));
    const base = { projectId: s.project.id, actorId: admin.id, teamId: s.team.id, now };

    expect(await checkCardLimits(db, { ...base, cardholderId: s.owner.id, amount: 500_000 })).toEqual({
      blocked: [],
      warnings: [],
    });
    expect((await checkCardLimits(db, { ...base, cardholderId: s.owner.id, amount: 500_001 })).blocked).toEqual([
      "LIMIT_BLOCKED_OVER_MAX_LIMIT",
    ]);
    expect((await checkCardLimits(db, { ...base, cardholderId: admin.id, amount: 1000 })).blocked).toEqual([
      "LIMIT_BLOCKED_CANT_ISSUE_TO_SELF",
    ]);
    const owner = { ...base, actorId: s.owner.id, cardholderId: s.owner.id };
    expect((await checkCardLimits(db, { ...owner, amount: 1_000_000 })).blocked).toEqual([]);
    expect((await checkCardLimits(db, { ...owner, amount: 1_000_001 })).blocked).toEqual(["CARD_LIMIT_TOO_HIGH"]);
    await expect(
      assertCardLimitsAllowed(db, { ...base, cardholderId: admin.id, amount: 600_000 }),
    ).rejects.toMatchObject({
      code: "LIMIT_BLOCKED_OVER_MAX_LIMIT",
    });
  });
});
