import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, describeError } from "../errors.ts";
import { maskError } from "../graphql/errors.ts";
import { loggablePath, maskCardNumbers } from "./logger.ts";

describe("describeError", () => {
  it("keeps an AppError's code, message and details", () => {
    const described = describeError(new AppError("PROJECT_NOT_FOUND", "nope", { id: 1 }));
    expect(described).toMatchObject({ status: 404, code: "PROJECT_NOT_FOUND", message: "nope", details: { id: 1 } });
    expect(described.unexpected).toBe(false);
  });

  it("turns a Zod error into 422 with field issues", () => {
    const result = z.object({ name: z.string().min(1) }).safeParse({ name: "" });
    expect(result.success).toBe(false);
    const described = describeError(result.error);
    expect(described.status).toBe(422);
    expect(described.code).toBe("VALIDATION_FAILED");
    expect(described.details).toEqual({ issues: [expect.objectContaining({ path: "name", code: "too_small" })] });
  });

  it("answers NOT_FOUND for a write that named a missing or another company's row, and logs it", () => {
    const violation = Object.assign(new Error('insert or update on table "cards" violates foreign key constraint'), {
      code: "23503",
      constraint: "cards_team_fk",
    });
    const described = describeError(new Error("Failed query: insert into cards", { cause: violation }));
    expect(described).toMatchObject({ status: 404, code: "NOT_FOUND", unexpected: true });
    expect(described.message).not.toMatch(/cards|foreign/);
    expect(described.details).toBeUndefined();
  });

  it("masks anything unexpected as INTERNAL without its message", () => {
    const described = describeError(new Error("relation users does not exist at /srv/app.ts:12"));
    expect(described).toMatchObject({ status: 500, code: "INTERNAL", unexpected: true });
    expect(described.message).not.toContain("relation");
  });
});

describe("maskError (GraphQL)", () => {
  it("maps an AppError thrown in a resolver to extensions.code and keeps the path", () => {
    const wrapped = new GraphQLError("x", { path: ["me"], originalError: new AppError("UNAUTHENTICATED", "Sign in") });
    const masked = maskError(wrapped);
    expect(masked.message).toBe("Sign in");
    expect(masked.path).toEqual(["me"]);
    expect(masked.extensions.code).toBe("UNAUTHENTICATED");
  });

  it("gives graphql-js's own errors BAD_REQUEST", () => {
    expect(maskError(new GraphQLError('Cannot query field "nope" on type "Query".')).extensions.code).toBe(
      "BAD_REQUEST",
    );
  });

  it("masks unknown errors as INTERNAL", () => {
    const masked = maskError(new GraphQLError("x", { path: ["me"], originalError: new Error("secret SQL") }));
    expect(masked.extensions.code).toBe("INTERNAL");
    expect(masked.message).not.toContain("SQL");
  });
});

describe("log redaction helpers", () => {
  it("masks card-number-like digit runs and drops the query string", () => {
    expect(maskCardNumbers("/v1/x/4111111111111111")).toBe("/v1/x/************1111");
    expect(loggablePath("/v1/things?token=secret")).toBe("/v1/things");
  });
});
