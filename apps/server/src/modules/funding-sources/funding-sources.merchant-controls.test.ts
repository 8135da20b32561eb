import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { cardMerchantControls, projectSpendRules } from "../../platform/db/schema/index.ts";
import { createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { createFundingScene, type FundingScene, restFor } from "./testing/funding-scene.ts";

/**
 * Issue 19 in the app: each card of `GET /v1/funding_sources` (and `/{id}`) carries the merchant controls its
 * purchases meet, its own or the company's default, so the holder reads why a merchant will refuse it. Its own
 * database (the company default set here would change what other files' purchases meet).
 */

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

type Node = { id: string; card: { merchant_controls: unknown } };

describe("the app's cards and their merchant controls", () => {
  it("gives each card its own controls, the company default, or none when it opts out or nothing is set", async () => {
    const holder = scene.callers.holder;
    const [own, follows, optedOut] = [await scene.issue(), await scene.issue(), await scene.issue()];
    const by = scene.callers.owner.id;
    const projectId = scene.project.id;

    // Nothing set anywhere: nothing restricts the card.
    const before = await rest(holder, "GET", `/v1/funding_sources/${follows.id}`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ card: { merchant_controls: null } });

    // Written as the Accounting page and the card page write them (their own tests cover who may).
    await t.db.insert(projectSpendRules).values({
      projectId,
      merchantMode: "BLOCK",
      merchantGroups: ["gambling", "cash"],
      updatedBy: by,
    });
    await t.db.insert(cardMerchantControls).values([
      {
        projectId,
        cardId: own.id,
        mode: "ALLOW_ONLY",
        groups: ["fuel"],
        merchantNames: ["Bónus Kringlunni"],
        updatedBy: by,
      },
      { projectId, cardId: optedOut.id, mode: "BLOCK", groups: [], merchantNames: [], updatedBy: by },
    ]);

    const list = await rest(holder, "GET", "/v1/funding_sources?limit=200");
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map(
      (list.json() as { nodes: Node[] }).nodes.map((node) => [node.id, node.card.merchant_controls]),
    );
    expect(byId.get(own.id)).toEqual({
      mode: "ALLOW_ONLY",
      groups: ["fuel"],
      merchants: ["Bónus Kringlunni"],
      source: "CARD",
    });
    expect(byId.get(follows.id)).toEqual({
      mode: "BLOCK",
      groups: ["gambling", "cash"],
      merchants: [],
      source: "COMPANY_DEFAULT",
    });
    expect(byId.get(optedOut.id)).toBeNull();

    // The one card's answer agrees with the list's.
    const one = await rest(holder, "GET", `/v1/funding_sources/${own.id}`);
    expect((one.json() as Node).card.merchant_controls).toEqual(byId.get(own.id));
    const defaulted = await rest(holder, "GET", `/v1/funding_sources/${follows.id}`);
    expect((defaulted.json() as Node).card.merchant_controls).toEqual(byId.get(follows.id));
  });

  it("tells a colleague nothing of another person's card controls", async () => {
    const peerCard = await scene.issue({ cardholderId: scene.callers.peer.id });
    const seen = await rest(scene.callers.holder, "GET", `/v1/funding_sources/${peerCard.id}`);
    expect(seen.statusCode).toBeGreaterThanOrEqual(400);
    expect(seen.body).not.toContain("merchant_controls");
  });
});
