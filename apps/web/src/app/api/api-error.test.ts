import { describe, expect, it } from "vitest";
import { ApiError, parseGraphqlErrors, parseRestError, toApiError } from "./api-error.ts";

describe("parseRestError", () => {
  it("takes code and message from the error body", () => {
    const error = parseRestError(422, { error: { code: "VALIDATION_FAILED", message: "email is required" } });
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", message: "email is required", status: 422 });
  });

  it("falls back to the HTTP status when the body has no known code", () => {
    expect(parseRestError(401, null).code).toBe("UNAUTHENTICATED");
    expect(parseRestError(404, "<html>").code).toBe("NOT_FOUND");
    expect(parseRestError(500, { error: { code: "SOMETHING_NEW" } }).code).toBe("INTERNAL");
    expect(parseRestError(502, "Bad Gateway").code).toBe("NETWORK_ERROR");
    expect(parseRestError(503, null).code).toBe("NETWORK_ERROR");
    expect(parseRestError(418, {}).code).toBe("UNKNOWN");
  });
});

describe("parseGraphqlErrors", () => {
  it("reads errors[0].extensions.code", () => {
    const error = parseGraphqlErrors([{ message: "Not signed in", extensions: { code: "UNAUTHENTICATED" } }], 200);
    expect(error).toMatchObject({ code: "UNAUTHENTICATED", message: "Not signed in" });
  });

  it("gives null without errors and UNKNOWN for an unknown code", () => {
    expect(parseGraphqlErrors(undefined, 200)).toBeNull();
    expect(parseGraphqlErrors([], 200)).toBeNull();
    expect(parseGraphqlErrors([{ message: "x", extensions: { code: "WEIRD" } }], 200)?.code).toBe("UNKNOWN");
  });
});

describe("toApiError", () => {
  it("keeps an ApiError and wraps anything else", () => {
    const error = new ApiError("ACCESS_DENIED", "no");
    expect(toApiError(error)).toBe(error);
    expect(toApiError(new Error("boom"))).toMatchObject({ code: "UNKNOWN", message: "boom" });
  });
});
