import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import type { Executor } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { createEInvoiceSender, type EInvoice } from "./einvoicing.ts";

/** The Unimaze adapter against a stand-in access point on 127.0.0.1; the issuer and adapter configuration. */

type Received = { auth: string | undefined; type: string | undefined; receiver: string | undefined; body: string };
let server: Server;
let url = "";
const received: Received[] = [];
/** What the stand-in answers next. */
let answer = 202;

const bodyOf = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      auth: request.headers.authorization,
      type: request.headers["content-type"],
      receiver: request.headers["x-receiver"] as string | undefined,
      body: await bodyOf(request),
    });
    response.statusCode = answer;
    response.end(answer >= 400 ? "<error>refused: the document echoed</error>" : "ok");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const invoice: EInvoice = {
  documentId: "2026-000001",
  sender: "0196:5003101030",
  receiver: "0196:4701191010",
  xml: "<Invoice>þ</Invoice>",
  projectId: null,
};
/** HTTP sending never touches the database. */
const noDb = {} as Executor;

const unimaze = () =>
  createEInvoiceSender(
    loadConfig({
      KORT_ENV: "production",
      KORT_UNIMAZE_URL: url,
      KORT_UNIMAZE_USER: "kort",
      KORT_UNIMAZE_PASSWORD: "s3cret",
    }),
  );

describe("the Unimaze adapter", () => {
  it("posts the UBL with basic auth and the receiver's address", async () => {
    answer = 202;
    expect(await unimaze().send(noDb, invoice)).toEqual({ sentTo: "0196:4701191010", channel: "unimaze" });
    const last = received.at(-1);
    expect(last?.auth).toBe(`Basic ${Buffer.from("kort:s3cret").toString("base64")}`);
    expect(last?.type).toContain("application/xml");
    expect(last?.receiver).toBe("0196:4701191010");
    expect(last?.body).toBe("<Invoice>þ</Invoice>");
  });

  it("answers a refusal with EINVOICE_SEND_FAILED, without the access point's body", async () => {
    answer = 500;
    const error = await unimaze()
      .send(noDb, invoice)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("EINVOICE_SEND_FAILED");
    expect(JSON.stringify(error)).not.toContain("echoed");
  });

  it("answers an unreachable access point with EINVOICE_SEND_FAILED", async () => {
    const sender = createEInvoiceSender(
      loadConfig({
        KORT_UNIMAZE_URL: "http://127.0.0.1:1/messages",
        KORT_UNIMAZE_USER: "kort",
        KORT_UNIMAZE_PASSWORD: "s3cret",
      }),
    );
    await expect(sender.send(noDb, invoice)).rejects.toMatchObject({ code: "EINVOICE_SEND_FAILED" });
  });

  it("refuses in production without an access point (the outbox is nobody's mailbox there)", async () => {
    const sender = createEInvoiceSender(loadConfig({ KORT_ENV: "production" }));
    await expect(sender.send(noDb, invoice)).rejects.toMatchObject({ code: "EINVOICE_SEND_FAILED" });
  });
});

describe("the configuration", () => {
  it("has the demo issuer in demo mode and none in production until set", () => {
    expect(loadConfig({}).issuer?.name).toBe("Kort hf.");
    expect(loadConfig({ KORT_ENV: "production" }).issuer).toBeUndefined();
  });

  it("takes a whole issuer from the environment, digits only", () => {
    const issuer = loadConfig({
      KORT_ENV: "production",
      KORT_ISSUER_NAME: "Greiðslur hf.",
      KORT_ISSUER_KENNITALA: "610269-1019",
      KORT_ISSUER_STREET: "Borgartún 1",
      KORT_ISSUER_POSTCODE: "105",
      KORT_ISSUER_CITY: "Reykjavík",
      KORT_ISSUER_VAT_NUMBER: "98765",
      KORT_ISSUER_BANK_ACCOUNT: "0515-26-123456",
    }).issuer;
    expect(issuer).toMatchObject({ kennitala: "6102691019", bankAccount: "051526123456", vatNumber: "98765" });
  });

  it("refuses a partial issuer in production and an access point without credentials", () => {
    expect(() => loadConfig({ KORT_ENV: "production", KORT_ISSUER_NAME: "Greiðslur hf." })).toThrow(/KORT_ISSUER/);
    expect(() => loadConfig({ KORT_UNIMAZE_URL: "http://127.0.0.1:9/x" })).toThrow(/KORT_UNIMAZE_USER/);
    expect(() => loadConfig({ KORT_ISSUER_BANK_ACCOUNT: "0515-26-12" })).toThrow();
  });
});
