import { formatDate } from "@kort/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cards, receiptReadings, receipts, transactions } from "../../platform/db/schema/index.ts";
import { MINUTE } from "../../platform/http/testing/clock.ts";
import { tillSlipPng } from "../receipts/demo-receipts.ts";
import { storeReceipt } from "../receipts/receipts.service.ts";
import { createReceiptsScene, type ReceiptJson, type ReceiptsScene } from "../receipts/testing/receipts-scene.ts";
import { graphqlFor } from "../teams/teams.fixtures.ts";
import { stopOcr } from "./ocr.ts";
import { sweepUnreadReceipts } from "./reading.service.ts";

/**
 * Reading receipts end to end on the server (issue 18): an upload is read by its task (drained here as a worker runs
 * it), its fields shown on the receipt with where they disagree with the purchase and the tax category proposed; a
 * receipt waiting unmatched is attached by what its picture says; a picture with nothing on it is unread.
 */

let s: ReceiptsScene;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  s = await createReceiptsScene();
  gql = graphqlFor(s.t);
  await fixDigits();
  await s.t.db.execute(sql`
    insert into tax_categories (project_id, code, peppol_code, percentage)
    values (${s.scene.project.id}, 'VSK24-LESIÐ', 'S', 24.00)`);
});
afterAll(async () => {
  await stopOcr();
  await s.t.close();
});

type Reading = {
  status: string;
  total: number | null;
  date: string | null;
  last_four: string | null;
  vat: { rate_basis_points: number; amount: number }[];
  disagreements: string[];
  proposed_tax_category: { code: string } | null;
};

const READING = `query ($id: ID!) { receipt(id: $id) { transaction_id reading {
  status total date last_four vat { rate_basis_points amount } disagreements proposed_tax_category { code } } } }`;

const readingOf = async (id: string) =>
  (
    await gql<{ receipt: { transaction_id: string | null; reading: Reading | null } }>(
      READING,
      s.scene.accountant.headers,
      { id },
    )
  ).data?.receipt;

const lastFourOf = async (transactionId: string) => {
  const [row] = await s.t.db
    .select({ masked: cards.maskedNumber })
    .from(transactions)
    .innerJoin(cards, eq(cards.id, transactions.cardId))
    .where(eq(transactions.id, transactionId));
  return (row?.masked ?? "").slice(-4);
};

/**
 * The scene's cards end in random digits, and OCR misreads a few shapes now and then (the golden set reads 92% of
 * fields right): a misread digit disagrees with the purchase and counts against a match. These tests are about what
 * follows a reading, so the company's cards end in digits it reads.
 */
const fixDigits = () =>
  s.t.db.execute(sql`update cards set masked_number = '2468' where project_id = ${s.scene.project.id}`);

const slip = async (total: string, lastFour: string, vat = "VSK 24%            888 kr.") =>
  tillSlipPng([
    "Bónus Skeifunni",
    "Kt. 540595-2409",
    formatDate(s.clock.now(), "is-IS"),
    "",
    `Samtals        ${total}`,
    vat,
    "",
    `Kort ************${lastFour}`,
  ]);

const upload = async (transactionId: string, data: Buffer) => {
  const response = await s.upload(s.scene.user.headers, transactionId, {
    field: "file",
    fileName: "kvittun.png",
    type: "image/png",
    data,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReceiptJson>().id;
};

describe("reading a receipt", () => {
  it("reads an uploaded photo, agrees with its purchase and proposes the tax category of its VSK rate", {
    timeout: 60_000,
  }, async () => {
    const id = await upload(s.purchases.employee, await slip("4.590 kr.", await lastFourOf(s.purchases.employee)));
    expect((await readingOf(id))?.reading).toBeNull();
    await s.t.tasks.drain("receipts.read");
    const reading = (await readingOf(id))?.reading;
    expect(reading).toMatchObject({
      status: "read",
      total: 4590,
      date: s.clock.now().toISOString().slice(0, 10),
      vat: [{ rate_basis_points: 2400, amount: 888 }],
      disagreements: [],
      proposed_tax_category: { code: "VSK24-LESIÐ" },
    });
  });

  it("flags a total that is not the purchase's", { timeout: 60_000 }, async () => {
    const id = await upload(s.purchases.employee, await slip("5.990 kr.", "0000"));
    await s.t.tasks.drain("receipts.read");
    expect((await readingOf(id))?.reading).toMatchObject({ status: "read", total: 5990, disagreements: ["TOTAL"] });
  });

  it("attaches a receipt that waited unmatched by the total, date and card digits read from it", {
    timeout: 60_000,
  }, async () => {
    const purchaseId = await s.purchase({ teamId: s.scene.teams.mine.id, holderId: s.scene.user.id });
    await s.t.db
      .update(transactions)
      .set({ transactionAmount: 7777, originalAmount: 7777 })
      .where(eq(transactions.id, purchaseId));
    await fixDigits();
    const receipt = await storeReceipt(s.t.deps, {
      projectId: s.scene.project.id,
      transactionId: null,
      source: "email",
      userId: s.scene.user.id,
      receipt: {
        type: "image/png",
        fileName: "kvittun.png",
        data: await slip("7.777 kr.", await lastFourOf(purchaseId), "VSK 11%            771 kr."),
      },
    });
    await s.t.tasks.drain("receipts.read");
    const [row] = await s.t.db.select().from(receipts).where(eq(receipts.id, receipt.id));
    expect(row?.transactionId).toBe(purchaseId);
    expect(row?.matchedBy).toMatchObject({ amount: 7777, currency: "ISK" });
  });

  it("marks a picture with nothing to read unread, and nothing else changes", { timeout: 60_000 }, async () => {
    const blank = await tillSlipPng([]);
    const id = await upload(s.purchases.employee, blank);
    await s.t.tasks.drain("receipts.read");
    expect((await readingOf(id))?.reading).toMatchObject({ status: "unread", total: null, disagreements: [] });
  });

  it("reads a receipt once, however often the sweep finds it waiting or a second task arrives", {
    timeout: 60_000,
  }, async () => {
    const id = await upload(s.purchases.employee, await slip("4.590 kr.", await lastFourOf(s.purchases.employee)));
    const tasksOf = () => s.t.tasks.sent.filter((task) => task.data.receipt_id === id);
    const sweep = () =>
      sweepUnreadReceipts({ db: s.t.db, now: s.clock.now(), logger: s.t.logger, tasks: s.t.tasks.queue });
    // A backlog: still waiting after the sweep's minute, twice. The task sent at upload is the only one.
    for (const _minute of [1, 2]) {
      s.clock.advance(2 * MINUTE);
      await sweep();
    }
    expect(tasksOf()).toHaveLength(1);
    await s.t.tasks.drain("receipts.read");
    const readAt = async () =>
      (await s.t.db.select().from(receiptReadings).where(eq(receiptReadings.receiptId, id)))[0]?.readAt;
    const first = await readAt();
    expect(first).toBeInstanceOf(Date);

    // A task sent while the first ran (the sweep's, a retry) finds the reading there and reads nothing again.
    await s.t.tasks.queue.send("receipts.read", { project_id: s.scene.project.id, receipt_id: id }, { key: id });
    s.clock.advance(MINUTE);
    await s.t.tasks.drain("receipts.read");
    expect(await readAt()).toEqual(first);
    s.clock.advance(2 * MINUTE);
    await sweep();
    expect(tasksOf()).toEqual([]);
  });
});
