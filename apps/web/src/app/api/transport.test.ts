import { afterEach, describe, expect, it, vi } from "vitest";
import { sendRequest } from "./transport.ts";

vi.mock("../i18n/i18n.ts", () => ({ currentLanguage: () => "is" }));

describe("sendRequest", () => {
  afterEach(() => vi.unstubAllGlobals());

  const answered = () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"id":"r1"}', { status: 201 }));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  };
  const credentials = { token: "t", projectId: "p" };

  it("sends FormData as it is, leaving the multipart content type to the browser", async () => {
    const fetch = answered();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "nota.png");
    const answer = await sendRequest("POST", "/v1/transactions/x/receipts", form, credentials);
    expect(answer).toEqual({ ok: true, status: 201, data: { id: "r1" } });
    const init = fetch.mock.calls[0]?.[1];
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(init?.body).toBe(form);
    expect(headers["Content-Type"]).toBeUndefined();
    expect(headers.Authorization).toBe("Bearer t");
    expect(headers["X-Project-Id"]).toBe("p");
    expect(headers["Idempotency-Key"]).toBeTruthy();
  });

  it("sends anything else as JSON", async () => {
    const fetch = answered();
    await sendRequest("POST", "/graphql", { query: "{ a }" }, credentials);
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe('{"query":"{ a }"}');
    expect(((init?.headers ?? {}) as Record<string, string>)["Content-Type"]).toBe("application/json");
  });
});
