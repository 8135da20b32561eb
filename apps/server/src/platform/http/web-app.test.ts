import { describe, expect, it } from "vitest";
import { isApiPath } from "./web-app.ts";

describe("isApiPath", () => {
  it("takes each API prefix, below it and with a query", () => {
    for (const url of ["/v1", "/v1/", "/v1/users/current", "/v1?x=1", "/graphql", "/graphql?query={me}", "/healthz"]) {
      expect(isApiPath(url), url).toBe(true);
    }
  });

  it("leaves the dashboard's paths and look-alikes to the web app", () => {
    for (const url of [
      "/",
      "/cards",
      "/v10",
      "/v1x/users",
      "/graphqlx",
      "/healthzz",
      "/assets/v1/app.js",
      "/expenses?v1",
    ]) {
      expect(isApiPath(url), url).toBe(false);
    }
  });
});
