import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { RATE_LIMIT_PER_IDENTITY } from "../auth/auth.constants.ts";
import { client, type ErrorJson, uniqueEmail } from "../auth/testing/auth-fixtures.ts";
import { randomKennitala } from "./testing/kennitala.ts";
import { confirmEmail, setAttributes } from "./testing/sign-up.ts";

/** Issue 9, point 8: each passcode costs an argon2id hash, so setting it is limited like sign-in. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("setting the sign-up passcode", () => {
  it("is refused with RATE_LIMITED after the sign-in limit, per sign-up", async () => {
    const send = client(t.app);
    const email = uniqueEmail("hamrari");
    const started = await send({
      method: "POST",
      url: "/v1/onboarding",
      payload: { email, company: { name: "Hamar ehf.", kennitala: randomKennitala("company") } },
    });
    expect(started.statusCode).toBe(201);
    const { onboardingId } = await confirmEmail(send, t.db, email);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT_PER_IDENTITY + 3; i++) {
      const response = await setAttributes(send, onboardingId, { attributes: [{ kind: "app_pin", value: "4321" }] });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json<ErrorJson>().error.code).toBe("RATE_LIMITED");
      }
    }
    expect(statuses.slice(0, RATE_LIMIT_PER_IDENTITY).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(RATE_LIMIT_PER_IDENTITY)).toEqual([429, 429, 429]);
  });
});
