import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { RECEIPT_MAX_BYTES } from "@kort/core";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import { createLinkSigner } from "../../platform/crypto/signed-links.ts";
import { auditLog, receipts, transactions } from "../../platform/db/schema/index.ts";
import { MINUTE } from "../../platform/http/testing/clock.ts";
import { graphqlFor } from "../teams/teams.fixtures.ts";
import { storeReceipt } from "./receipts.service.ts";
import {
  createReceiptsScene,
  type ErrorJson,
  multipart,
  pdfOfSize,
  type ReceiptJson,
  type ReceiptsScene,
} from "./testing/receipts-scene.ts";

/**
 * Receipts over REST (issue 12): files checked by their bytes with a coded refusal for each kind of wrong file,
 * never a 500; thumbnails; signed links that expire; removal that the ledger's has_receipt follows; a burst of
 * uploads to one transaction that stores every one.
 */

let s: ReceiptsScene;
let employee: Record<string, string>;
beforeAll(async () => {
  s = await createReceiptsScene();
  employee = s.scene.user.headers;
});
afterAll(() => s.t.close());

const get = (url: string, headers: Record<string, string> = {}) => s.t.app.inject({ method: "GET", url, headers });
const codeOf = (response: { json: () => unknown }) => (response.json() as ErrorJson).error.code;

describe("uploading a receipt", () => {
  it("stores a PNG with a thumbnail, audited, and answers it with signed links", async () => {
    const response = await s.upload(employee, s.purchases.employee, {
      field: "file",
      fileName: "Kvittun þórður.png",
      type: "image/png",
      data: s.files.png,
    });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json<ReceiptJson>();
    expect(receipt).toMatchObject({
      transaction_id: s.purchases.employee,
      user_id: s.scene.user.id,
      file_name: "Kvittun þórður.png",
      file_size: s.files.png.length,
      file_type: "image/png",
    });
    expect(receipt.url).toMatch(new RegExp(`^/v1/receipts/${receipt.id}/file\\?expires=\\d+&signature=[\\w-]{43}$`));
    expect(receipt.thumbnail_url).toMatch(new RegExp(`^/v1/receipts/${receipt.id}/thumbnail\\?expires=`));
    const expiresAt = Date.parse(receipt.url_expires_at);
    expect(expiresAt - s.clock.now().getTime()).toBeGreaterThanOrEqual(15 * MINUTE);
    expect(expiresAt - s.clock.now().getTime()).toBeLessThanOrEqual(20 * MINUTE);
    const [audit] = await s.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "receipt.add"), eq(auditLog.objectId, receipt.id)));
    expect(audit).toMatchObject({ actorUserId: s.scene.user.id, projectId: s.scene.project.id });
    expect(audit?.data).toMatchObject({ transaction_id: s.purchases.employee, file_type: "image/png" });
  });

  it.each([
    ["jpeg", "IMG_0042.JPG", "image/jpeg", "image/jpeg", true],
    ["pdf", "kvittun.pdf", "application/pdf", "application/pdf", false],
    ["pdf", "Kvittun 21.11.2026", "application/octet-stream", "application/pdf", false],
    ["heic", "IMG_0043.HEIC", "image/heic", "image/heic", false],
    ["heicPhoto", "IMG_0044.HEIC", "image/heic", "image/heic", true],
  ] as const)("stores a %s named %s", async (kind, fileName, type, detected, thumbnail) => {
    const response = await s.upload(employee, s.purchases.employee, {
      field: "file",
      fileName,
      type,
      data: s.files[kind],
    });
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json<ReceiptJson>();
    expect(receipt.file_type).toBe(detected);
    expect(receipt.thumbnail_url !== null).toBe(thumbnail);
  });

  it.each([
    ["a PDF renamed .png", { fileName: "kvittun.png", type: "image/png", data: "pdf" }, 422, "RECEIPT_TYPE_MISMATCH"],
    [
      "a PNG renamed .pdf",
      { fileName: "kvittun.pdf", type: "application/pdf", data: "png" },
      422,
      "RECEIPT_TYPE_MISMATCH",
    ],
    ["a PDF sent as image/png", { fileName: "kvittun", type: "image/png", data: "pdf" }, 422, "RECEIPT_TYPE_MISMATCH"],
    [
      "an exe",
      { fileName: "kvittun.exe", type: "application/octet-stream", data: "exe" },
      422,
      "RECEIPT_TYPE_NOT_ALLOWED",
    ],
    [
      "an exe named .pdf",
      { fileName: "kvittun.pdf", type: "application/pdf", data: "exe" },
      422,
      "RECEIPT_TYPE_NOT_ALLOWED",
    ],
    ["text", { fileName: "kvittun.txt", type: "text/plain", data: "text" }, 422, "RECEIPT_TYPE_NOT_ALLOWED"],
    ["zero bytes", { fileName: "kvittun.png", type: "image/png", data: "empty" }, 422, "RECEIPT_EMPTY"],
    [
      "10 MB and one byte",
      { fileName: "kvittun.pdf", type: "application/pdf", data: "over" },
      413,
      "RECEIPT_TOO_LARGE",
    ],
    [
      "12 MB, refused unread",
      { fileName: "kvittun.pdf", type: "application/pdf", data: "huge" },
      413,
      "RECEIPT_TOO_LARGE",
    ],
  ] as const)("refuses %s with its own code", async (_name, file, status, code) => {
    const data = {
      pdf: s.files.pdf,
      png: s.files.png,
      exe: s.files.exe,
      text: Buffer.from("Bónus 4.590 kr."),
      empty: Buffer.alloc(0),
      over: pdfOfSize(RECEIPT_MAX_BYTES + 1),
      huge: pdfOfSize(12 * 1024 * 1024),
    }[file.data];
    const before = await s.t.db.select().from(receipts).where(eq(receipts.transactionId, s.purchases.teamAdmin));
    const response = await s.upload(s.scene.teamAdmin.headers, s.purchases.teamAdmin, { field: "file", ...file, data });
    expect(response.statusCode, response.body).toBe(status);
    expect(codeOf(response)).toBe(code);
    const after = await s.t.db.select().from(receipts).where(eq(receipts.transactionId, s.purchases.teamAdmin));
    expect(after).toHaveLength(before.length);
  });

  it("takes a file of exactly 10 MB", async () => {
    const response = await s.upload(employee, s.purchases.employee, {
      field: "file",
      fileName: "stór.pdf",
      type: "application/pdf",
      data: pdfOfSize(RECEIPT_MAX_BYTES),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ReceiptJson>().file_size).toBe(RECEIPT_MAX_BYTES);
  });

  it("stops reading an upload of no declared length at the limit, over a real connection", async () => {
    await s.t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = s.t.app.server.address() as AddressInfo;
    const boundary = "kortcutoff";
    const answer = await new Promise<{ status: number; body: string; sent: number; cut?: string }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: `/v1/transactions/${s.purchases.employee}/receipts`,
            headers: { ...employee, "content-type": `multipart/form-data; boundary=${boundary}` },
          },
          (response) => {
            answered = true;
            let body = "";
            response.on("data", (chunk: Buffer) => {
              body += chunk.toString();
            });
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent }));
          },
        );
        // The server answers and closes while this side still writes: the write may fail (EPIPE, ECONNRESET) before
        // the answer is read. Then the server's own request log says what it answered (checked below).
        request.on("error", (error: NodeJS.ErrnoException) => {
          if (answered) return;
          if (error.code === "EPIPE" || error.code === "ECONNRESET")
            resolve({ status: 0, body: "", sent, cut: error.code });
          else reject(error);
        });
        request.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endalaus.pdf"\r\n\r\n%PDF-1.4\n`,
        );
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        // Chunked, with no end: 64 MB at most, stopping as soon as the server answers.
        const pump = () => {
          while (!answered && sent < 64 * 1024 * 1024) {
            sent += chunk.length;
            if (!request.write(chunk)) return void request.once("drain", pump);
          }
          request.destroy();
        };
        pump();
      },
    );
    if (answer.cut) {
      const logged = s.t.logs.filter((line) => line.msg === "request" && String(line.path).endsWith("/receipts"));
      expect(logged.at(-1)?.status).toBe(413);
    } else {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe("RECEIPT_TOO_LARGE");
    }
    expect(answer.sent).toBeLessThan(20 * 1024 * 1024);
  });

  it("refuses a request without the file, or not multipart, as the client's mistake", async () => {
    const noFile = await s.upload(employee, s.purchases.employee, {
      field: "skjal",
      fileName: "a.pdf",
      data: s.files.pdf,
    });
    expect([noFile.statusCode, codeOf(noFile)]).toEqual([422, "VALIDATION_FAILED"]);
    const json = await s.t.app.inject({
      method: "POST",
      url: `/v1/transactions/${s.purchases.employee}/receipts`,
      headers: employee,
      payload: { file: "kvittun" },
    });
    expect([json.statusCode, codeOf(json)]).toEqual([400, "BAD_REQUEST"]);
    const broken = await s.t.app.inject({
      method: "POST",
      url: `/v1/transactions/${s.purchases.employee}/receipts`,
      headers: { ...employee, "content-type": "multipart/form-data; boundary=x" },
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF'),
    });
    expect([broken.statusCode, codeOf(broken)]).toEqual([400, "BAD_REQUEST"]);
    expect(broken.json<ErrorJson>().error.details?.reason).toBe("malformed_multipart");
  });

  it("is refused by a route that takes no file", async () => {
    const response = await s.t.app.inject({
      method: "POST",
      url: "/v1/sessions",
      headers: { ...employee, "content-type": "multipart/form-data; boundary=x" },
      payload: Buffer.from("--x--\r\n"),
    });
    expect([response.statusCode, codeOf(response)]).toEqual([400, "BAD_REQUEST"]);
    // GraphQL takes no files either (Yoga would otherwise parse multipart uploads of its own).
    const body = multipart([
      { field: "operations", data: Buffer.from('{"query":"{ me { id } }"}') },
      { field: "0", fileName: "k.pdf", type: "application/pdf", data: s.files.pdf },
    ]);
    const graphql = await s.t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { ...employee, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(graphql.statusCode).toBe(400);
    expect(graphql.json<{ errors: { extensions: { code: string } }[] }>().errors[0]?.extensions.code).toBe(
      "BAD_REQUEST",
    );
  });

  it("stores every one of a burst of concurrent uploads to one transaction", async () => {
    const id = await s.purchase({ teamId: s.scene.teams.mine.id, holderId: s.scene.user.id });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        s.upload(employee, id, { field: "file", fileName: `kvittun-${n}.jpg`, type: "image/jpeg", data: s.files.jpeg }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    const list = await get(`/v1/transactions/${id}/receipts`, employee);
    expect(list.json<{ total_count: number }>().total_count).toBe(12);
    const [row] = await s.t.db
      .select({ n: transactions.receiptCount })
      .from(transactions)
      .where(eq(transactions.id, id));
    expect(row?.n).toBe(12);
  });

  it("leaves no file behind when the row cannot be stored", async () => {
    const written: string[] = [];
    const recording: BlobStore = {
      ...s.t.blobs,
      put: async (key, data, options) => {
        written.push(key);
        await s.t.blobs.put(key, data, options);
      },
    };
    const deps = {
      db: s.t.db,
      blobs: recording,
      links: createLinkSigner(undefined, 900),
      now: s.clock.now,
      tasks: s.t.tasks.queue,
    };
    // A sender who is nobody: the row's foreign key refuses it after both blobs are written.
    await expect(
      storeReceipt(deps, {
        projectId: s.scene.project.id,
        transactionId: s.purchases.employee,
        userId: randomUUID(),
        receipt: { type: "image/png", fileName: "kvittun.png", data: s.files.png },
      }),
    ).rejects.toThrow();
    expect(written).toHaveLength(2);
    for (const key of written) expect(await s.t.blobs.exists(key)).toBe(false);
  });
});

describe("signed links", () => {
  let receipt: ReceiptJson;
  beforeAll(async () => {
    const response = await s.upload(employee, s.purchases.employee, {
      field: "file",
      fileName: "Skjöl/Kvittun (Bónus).png",
      type: "image/png",
      data: s.files.png,
    });
    receipt = response.json<ReceiptJson>();
  });

  it("serve the file with its detected type, its name, nosniff and a private cache, without a session", async () => {
    const response = await get(receipt.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload.equals(s.files.png)).toBe(true);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-length"]).toBe(String(s.files.png.length));
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Kvittun (Bonus).png"; filename*=UTF-8''Kvittun%20%28B%C3%B3nus%29.png`,
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("serve an image's thumbnail as a JPEG of at most 480 px", async () => {
    const response = await get(receipt.thumbnail_url ?? "");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 480, 360]);
  });

  it("name a file in UTF-8 and in ASCII for old clients", async () => {
    const named = await s.upload(employee, s.purchases.employee, {
      field: "file",
      fileName: "Kvittun Þórður.pdf",
      type: "application/pdf",
      data: s.files.pdf,
    });
    const response = await get(named.json<ReceiptJson>().url);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Kvittun orur.pdf"; filename*=UTF-8''Kvittun%20%C3%9E%C3%B3r%C3%B0ur.pdf`,
    );
  });

  it("are refused when forged, moved to another receipt or part, or expired; a fresh read gives a working one", async () => {
    const url = new URL(receipt.url, "http://kort");
    const forged = `${url.pathname}?expires=${url.searchParams.get("expires")}&signature=${"A".repeat(43)}`;
    const longer = `${url.pathname}?expires=${Number(url.searchParams.get("expires")) + 3600}&signature=${url.searchParams.get("signature")}`;
    const moved = `${url.pathname.replace("/file", "/thumbnail")}${url.search}`;
    const other = `/v1/receipts/${randomUUID()}/file${url.search}`;
    for (const link of [forged, longer, moved, other, url.pathname]) {
      const response = await get(link);
      expect([response.statusCode, codeOf(response)], link).toEqual([403, "SIGNED_LINK_INVALID"]);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
    s.clock.set(new Date(Date.parse(receipt.url_expires_at)));
    try {
      const expired = await get(receipt.url);
      expect([expired.statusCode, codeOf(expired)]).toEqual([403, "SIGNED_LINK_EXPIRED"]);
      const fresh = await get(`/v1/receipts/${receipt.id}`, employee);
      const again = fresh.json<ReceiptJson>();
      expect(Date.parse(again.url_expires_at)).toBeGreaterThan(s.clock.now().getTime());
      expect((await get(again.url)).statusCode).toBe(200);
    } finally {
      s.clock.set(new Date());
    }
  });
});

describe("removing receipts", () => {
  const PAGE = `query($filter: TransactionsFilter) { transactions_v2(filter: $filter) { nodes { id has_receipt } } }`;
  const hasReceipt = async (id: string) => {
    const day = s.clock.now().toISOString().slice(0, 10);
    const body = await graphqlFor(s.t)<{ transactions_v2: { nodes: { id: string; has_receipt: boolean }[] } }>(
      PAGE,
      s.scene.accountant.headers,
      { filter: { from_date: "2000-01-01", to_date: day } },
    );
    return body.data?.transactions_v2.nodes.find((node) => node.id === id)?.has_receipt;
  };

  it("hides the receipt, stops its links, and the ledger's has_receipt follows", async () => {
    const id = await s.purchase({ teamId: s.scene.teams.mine.id, holderId: s.scene.user.id });
    expect(await hasReceipt(id)).toBe(false);
    const first = (
      await s.upload(employee, id, { field: "file", fileName: "a.pdf", data: s.files.pdf })
    ).json<ReceiptJson>();
    const second = (
      await s.upload(employee, id, { field: "file", fileName: "b.jpg", data: s.files.jpeg })
    ).json<ReceiptJson>();
    expect(await hasReceipt(id)).toBe(true);

    const removed = await s.t.app.inject({ method: "DELETE", url: `/v1/receipts/${first.id}`, headers: employee });
    expect(removed.json()).toEqual({ id: first.id });
    expect(await hasReceipt(id)).toBe(true);
    const gql = await graphqlFor(s.t)<{ remove_receipts: string[] }>(
      "mutation($ids: [ID!]!) { remove_receipts(ids: $ids) }",
      s.scene.accountant.headers,
      { ids: [second.id] },
    );
    expect(gql.data?.remove_receipts).toEqual([second.id]);
    expect(await hasReceipt(id)).toBe(false);

    const list = await get(`/v1/transactions/${id}/receipts`, employee);
    expect(list.json()).toEqual({ nodes: [], total_count: 0 });
    expect(codeOf(await get(`/v1/receipts/${first.id}`, employee))).toBe("NOT_FOUND");
    expect(codeOf(await get(first.url))).toBe("NOT_FOUND");
    // Removed, not destroyed: the row and its file stay for the books.
    const [row] = await s.t.db.select().from(receipts).where(eq(receipts.id, first.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(await s.t.blobs.exists(row?.blobKey ?? "")).toBe(true);
    const again = await s.t.app.inject({ method: "DELETE", url: `/v1/receipts/${first.id}`, headers: employee });
    expect([again.statusCode, codeOf(again)]).toEqual([404, "NOT_FOUND"]);
  });

  it("removes all or none", async () => {
    const kept = (
      await s.upload(employee, s.purchases.employee, { field: "file", fileName: "c.pdf", data: s.files.pdf })
    ).json<ReceiptJson>();
    const gql = await graphqlFor(s.t)(
      "mutation($ids: [ID!]!) { remove_receipts(ids: $ids) }",
      s.scene.accountant.headers,
      { ids: [kept.id, randomUUID()] },
    );
    expect(gql.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect((await get(`/v1/receipts/${kept.id}`, employee)).statusCode).toBe(200);
  });
});
