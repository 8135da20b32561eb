import type { PolicyActionOf } from "@kort/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { createCardsTestApp } from "../cards/testing/cards-scene.ts";
import {
  type CallerName,
  createFundingScene,
  type FundingScene,
  HOLDER_PASSCODE,
  REVEAL_BODY,
  restFor,
} from "./testing/funding-scene.ts";

let t: TestApp;
let scene: FundingScene;
let rest: ReturnType<typeof restFor>;
beforeAll(async () => {
  const app = await createCardsTestApp();
  t = app.t;
  rest = restFor(t);
  scene = await createFundingScene(t, app.key);
});
afterAll(() => t.close());

type Route = {
  method: "GET" | "POST" | "DELETE";
  suffix: string;
  /** The card's status before the call, when the call needs one. */
  status?: "CREATED" | "FROZEN" | "LOCKED";
  payload?: object;
  /** Whether the policy lets this caller make the call on the holder's card. */
  allowed: (s: FundingScene, who: CallerName) => boolean;
};

const card = (action: PolicyActionOf<"card">) => (s: FundingScene, who: CallerName) => s.allows(who, "card", action);
const history = (s: FundingScene, who: CallerName) =>
  s.allows(who, "card", "read") && s.allows(who, "transaction", "read");

const ROUTES: Route[] = [
  { method: "GET", suffix: "", allowed: card("read") },
  { method: "DELETE", suffix: "", allowed: card("close") },
  { method: "POST", suffix: "/lock", allowed: card("lock") },
  { method: "POST", suffix: "/unlock", status: "LOCKED", allowed: card("lock") },
  { method: "POST", suffix: "/freeze", allowed: card("freeze") },
  { method: "POST", suffix: "/unfreeze", status: "FROZEN", allowed: card("freeze") },
  { method: "POST", suffix: "/activate", status: "CREATED", allowed: card("in-app-activation") },
  { method: "POST", suffix: "/in_app_activation", status: "CREATED", allowed: card("in-app-activation") },
  {
    method: "POST",
    suffix: "/pin/set",
    payload: { pin: "4821", passcode: HOLDER_PASSCODE },
    allowed: card("sensitive-details"),
  },
  { method: "POST", suffix: "/pin/request", allowed: card("sensitive-details") },
  { method: "POST", suffix: "/sensitive", payload: REVEAL_BODY, allowed: card("sensitive-details") },
  { method: "POST", suffix: "/provision/apple", allowed: card("push-provisioning") },
  { method: "POST", suffix: "/provision/google", allowed: card("push-provisioning") },
  { method: "GET", suffix: "/transactions", allowed: history },
  { method: "GET", suffix: "/authorizations", allowed: history },
];

const CALLERS: CallerName[] = ["holder", "peer", "teamAdmin", "otherTeamAdmin", "accountant", "owner"];

describe("funding sources × roles follow the policy", () => {
  it.each(ROUTES)("$method /v1/funding_sources/{id}$suffix", async (route) => {
    const outcomes = new Set<string>();
    for (const who of CALLERS) {
      const held = await scene.holderCard(route.status);
      const response = await rest(
        scene.callers[who],
        route.method,
        `/v1/funding_sources/${held.id}${route.suffix}`,
        route.payload,
      );
      const expected = route.allowed(scene, who) ? "allowed" : "denied";
      const got = response.statusCode < 300 ? "allowed" : response.statusCode === 403 ? "denied" : response.body;
      expect(got, `${who}: ${response.body}`).toBe(expected);
      outcomes.add(got);
    }
    // Each call is allowed to someone and refused to someone: the table tests both sides.
    expect([...outcomes].sort()).toEqual(["allowed", "denied"]);
  });

  it("gives the cardholder, and only the cardholder, the card's secrets", () => {
    const sensitive = CALLERS.filter((who) => scene.allows(who, "card", "sensitive-details"));
    expect(sensitive).toEqual(["holder"]);
  });

  it("never lets another company's owner reach the card, whatever the call", async () => {
    for (const route of ROUTES) {
      const held = await scene.holderCard(route.status);
      const response = await rest(
        scene.callers.foreignOwner,
        route.method,
        `/v1/funding_sources/${held.id}${route.suffix}`,
        route.payload,
      );
      expect([403, 404], `${route.suffix}: ${response.body}`).toContain(response.statusCode);
    }
  });

  it("lets a card be issued only through the policy's card create (a user has none)", async () => {
    const body = {
      card_type: "EMPLOYEE_EXPENSE",
      cardholder_id: scene.user.id,
      description: "Nýtt kort",
      team_id: scene.teams.mine.id,
      limits: [{ sum_amount: 50_000, period: "MONTHLY" }],
    };
    expect((await rest(scene.callers.holder, "POST", "/v1/funding_sources", body)).statusCode).toBe(403);
    const created = await rest(scene.callers.owner, "POST", "/v1/funding_sources", body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ description: "Nýtt kort", status: "ACTIVE", enabled: true });
    const bad = await rest(scene.callers.owner, "POST", "/v1/funding_sources", { ...body, limits: [] });
    expect(bad.statusCode).toBe(422);
  });
});
