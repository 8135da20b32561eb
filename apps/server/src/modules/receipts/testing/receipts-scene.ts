import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { createTestApp, type TestApp } from "../../../app/testing/test-app.ts";
import { transactions } from "../../../platform/db/schema/index.ts";
import { type TestClock, testClock } from "../../../platform/http/testing/clock.ts";
import { type CardsScene, createCardsScene } from "../../cards/testing/cards-scene.ts";

/** Test helpers of the receipts tests (not a test file itself). */

export type Part = { field: string; fileName?: string; type?: string; data: Buffer };

/** A multipart/form-data body as a browser sends it (file names in UTF-8). */
export const multipart = (parts: readonly Part[]): { payload: Buffer; contentType: string } => {
  const boundary = `----kort${randomUUID().replaceAll("-", "")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.fileName === undefined ? "" : `; filename="${part.fileName}"`;
    const type = part.type === undefined ? "" : `\r\nContent-Type: ${part.type}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"${name}${type}\r\n\r\n`,
        "utf8",
      ),
      part.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

/**
 * A phone's photo of a till slip (Bónus, 4.590 kr., 21.11.2026, VSK 11% 455 kr., card ending 1234) as a real HEIC
 * (HEVC): the first golden receipt (receipt-reading/reading.golden.ts) encoded by libheif's `heif-enc -q 50`. It is
 * the one committed picture, since nothing in node_modules encodes HEVC.
 */
export const heicPhoto = (): Buffer => readFileSync(new URL("./receipt.heic", import.meta.url));

/** Receipt files made here, not committed: real images from sharp, a PDF of a few lines of text. */
export const fixtures = async () => ({
  png: await sharp({ create: { width: 1200, height: 900, channels: 4, background: "#c8102e80" } })
    .png()
    .toBuffer(),
  jpeg: await sharp({ create: { width: 640, height: 480, channels: 3, background: "#003897" } })
    .jpeg()
    .toBuffer(),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  exe: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510)]),
  heicPhoto: heicPhoto(),
  /** A HEIC's opening box (brand heic) and no picture: detected as HEIC, decodable by nobody. */
  heic: (() => {
    const box = Buffer.alloc(24);
    box.writeUInt32BE(24, 0);
    box.write("ftypheic", 4);
    box.write("mif1heic", 16);
    return Buffer.concat([box, Buffer.alloc(200)]);
  })(),
});

/** A PDF of exactly `size` bytes: its header, then padding. */
export const pdfOfSize = (size: number): Buffer => {
  const head = Buffer.from("%PDF-1.4\n%");
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
};

/**
 * The app (a card key, so links can be signed; a clock the test moves), the cards scene (owner, admins of
 * teams `mine` and `theirs`, accountant, employee in `mine`, another company) and a purchase of each kind:
 * the employee's (team mine), the team admin's own (team mine), the owner's (team theirs), another company's.
 */
export const createReceiptsScene = async () => {
  const clock: TestClock = testClock(new Date());
  const key = randomBytes(32);
  const t: TestApp = await createTestApp({ env: { KORT_CARD_KEY: key.toString("base64") }, now: clock.now });
  const scene: CardsScene = await createCardsScene(t.db, key);
  const purchase = async (options: { projectId?: string; teamId: string; holderId: string }) => {
    const card = await scene.issue({
      projectId: options.projectId,
      teamId: options.teamId,
      cardholderId: options.holderId,
    });
    const [row] = await t.db
      .insert(transactions)
      .values({
        projectId: options.projectId ?? scene.project.id,
        cardId: card.id,
        userId: options.holderId,
        teamId: options.teamId,
        description: "Kaup",
        merchantName: "Bónus",
        originalAmount: 4590,
        originalCurrency: "ISK",
        transactionAmount: 4590,
        transactionDate: clock.now(),
        closedAt: clock.now(),
      })
      .returning({ id: transactions.id });
    if (!row) throw new Error("No transaction");
    return row.id;
  };
  const purchases = {
    employee: await purchase({ teamId: scene.teams.mine.id, holderId: scene.user.id }),
    teamAdmin: await purchase({ teamId: scene.teams.mine.id, holderId: scene.teamAdmin.id }),
    theirs: await purchase({ teamId: scene.teams.theirs.id, holderId: scene.owner.id }),
    foreign: await purchase({
      projectId: scene.other.id,
      teamId: scene.teams.foreign.id,
      holderId: scene.foreignOwner.id,
    }),
  };

  /** POST /v1/transactions/{id}/receipts with one file (or the given parts). */
  const upload = (headers: Record<string, string>, transactionId: string, file: Part | readonly Part[]) => {
    const body = multipart("field" in file ? [file] : file);
    return t.app.inject({
      method: "POST",
      url: `/v1/transactions/${transactionId}/receipts`,
      headers: { ...headers, "content-type": body.contentType },
      payload: body.payload,
    });
  };

  return { t, scene, clock, purchases, purchase, upload, files: await fixtures() };
};

export type ReceiptsScene = Awaited<ReturnType<typeof createReceiptsScene>>;

export type ReceiptJson = {
  id: string;
  transaction_id: string | null;
  user_id: string;
  file_name: string;
  file_size: number;
  file_type: string;
  created_at: string;
  url: string;
  thumbnail_url: string | null;
  url_expires_at: string;
};

export type ErrorJson = { error: { code: string; message: string; details?: Record<string, unknown> } };
