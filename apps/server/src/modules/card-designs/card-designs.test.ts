import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../app/testing/test-app.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { createCardsScene, createCardsTestApp } from "../cards/testing/cards-scene.ts";
import { multipart } from "../receipts/testing/receipts-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Card designs (issue 16): owners upload a PNG card image of exactly 360x720 px and a thumbnail of exactly 36x72 px,
 * checked by their pixels and their bytes; a design chosen for a card type shows on that type's cards in the
 * dashboard (GraphQL) and the employee app (REST), behind signed links. Nobody but owners may change them.
 */

let t: TestApp;
let gql: ReturnType<typeof graphqlFor>;
let scene: Awaited<ReturnType<typeof createCardsScene>>;
beforeAll(async () => {
  const made = await createCardsTestApp();
  t = made.t;
  gql = graphqlFor(t);
  scene = await createCardsScene(t.db, made.key);
});
afterAll(() => t.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 60, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

const post = (headers: Record<string, string>, url: string, fileName: string, data: Buffer, type = "image/png") => {
  const body = multipart([{ field: "file", fileName, type, data }]);
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...headers, "content-type": body.contentType, "idempotency-key": crypto.randomUUID() },
    payload: body.payload,
  });
};

const pathOf = (url: string) => {
  const parsed = new URL(url, "http://localhost");
  return `${parsed.pathname}${parsed.search}`;
};

type Design = { id: string; name: string; url: string; thumbnail_url: string | null; card_types: string[] };

const uploadGood = async (name = "Blátt") => {
  const response = await post(
    scene.owner.headers,
    `/v1/card_designs?name=${encodeURIComponent(name)}`,
    "kort.png",
    await png(360, 720),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Design;
};

describe("card designs", () => {
  it("take a 360x720 PNG and its 36x72 thumbnail, served through signed links", async () => {
    const design = await uploadGood();
    expect(design).toMatchObject({ name: "Blátt", thumbnail_url: null, card_types: [] });
    const image = await t.app.inject({ method: "GET", url: pathOf(design.url) });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: "png", width: 360, height: 720 });

    const withThumb = await post(
      scene.owner.headers,
      `/v1/card_designs/${design.id}/thumbnail`,
      "t.png",
      await png(36, 72),
    );
    expect(withThumb.statusCode, withThumb.body).toBe(200);
    const thumbnailUrl = (withThumb.json() as Design).thumbnail_url ?? "";
    const thumbnail = await t.app.inject({ method: "GET", url: pathOf(thumbnailUrl) });
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 36, height: 72 });

    // A link without its signature, or with the path of another design, is refused.
    const unsigned = await t.app.inject({ method: "GET", url: new URL(design.url, "http://x").pathname });
    expect(unsigned.statusCode).toBe(403);
    const tampered = pathOf(design.url).replace(design.id, crypto.randomUUID());
    expect((await t.app.inject({ method: "GET", url: tampered })).statusCode).toBe(403);
  });

  it("refuse a card image one pixel off, a thumbnail of the wrong size, and each with its own code", async () => {
    for (const [width, height] of [
      [360, 721],
      [720, 360],
      [36, 72],
    ] as const) {
      const response = await post(scene.owner.headers, "/v1/card_designs", "kort.png", await png(width, height));
      expect(response.statusCode, `${width}x${height}`).toBe(422);
      expect(response.json().error).toMatchObject({
        code: "CARD_DESIGN_MAIN_SIZE",
        details: { expected_width: 360, expected_height: 720, width, height },
      });
    }
    const design = await uploadGood();
    for (const [width, height] of [
      [37, 72],
      [360, 720],
    ] as const) {
      const response = await post(
        scene.owner.headers,
        `/v1/card_designs/${design.id}/thumbnail`,
        "t.png",
        await png(width, height),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toMatchObject({ code: "CARD_DESIGN_THUMBNAIL_SIZE" });
    }
  });

  it("refuse what is not really a PNG: a JPEG named .png, a PNG header with garbage, an empty file", async () => {
    const jpeg = await sharp({ create: { width: 360, height: 720, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const real = await png(360, 720);
    // The signature and a valid IHDR claiming 360x720, then noise where the image data should be.
    const fake = Buffer.concat([real.subarray(0, 33), Buffer.alloc(400, 0x5a)]);
    for (const [name, data] of [
      ["jpeg", jpeg],
      ["fake", fake],
      ["empty", Buffer.alloc(0)],
    ] as const) {
      const response = await post(scene.owner.headers, "/v1/card_designs", `${name}.png`, data);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().error.code, name).toBe("CARD_DESIGN_NOT_PNG");
    }
    const list = await gql<{ card_designs: { nodes: Design[] } }>(
      "{ card_designs(first: 100) { nodes { id name } } }",
      scene.owner.headers,
    );
    expect(list.data?.card_designs.nodes.map((d) => d.name)).not.toContain("fake");
  });

  it("show the design chosen for a card type on that type's cards, in the dashboard and the employee app", async () => {
    const design = await uploadGood("Fyrirtækjakort");
    const business = await scene.issue({ cardType: "BUSINESS_EXPENSE", name: "Áskriftir" });
    const employee = await scene.issue({ cardType: "EMPLOYEE_EXPENSE", name: "Innkaup" });
    const chosen = await gql(
      "mutation ($id: ID) { set_card_type_design(card_type: BUSINESS_EXPENSE, design_id: $id) { card_type design_id } }",
      scene.owner.headers,
      { id: design.id },
    );
    expect(chosen.errors).toBeUndefined();

    const cards = await gql<{ cards: { nodes: { id: string; design: { id: string; url: string } | null }[] } }>(
      "{ cards(limit: 50) { nodes { id design { id url } } } }",
      scene.owner.headers,
    );
    expect(cards.errors).toBeUndefined();
    const designOf = (id: string) => cards.data?.cards.nodes.find((card) => card.id === id)?.design ?? null;
    expect(designOf(business.id)?.id).toBe(design.id);
    expect(designOf(employee.id)).toBeNull();
    const shown = await t.app.inject({ method: "GET", url: pathOf(designOf(business.id)?.url ?? "") });
    expect(shown.statusCode).toBe(200);

    // The employee app's card tile: the holder's own cards over REST carry the design too.
    const app = await t.app.inject({ method: "GET", url: "/v1/funding_sources?limit=50", headers: scene.user.headers });
    expect(app.statusCode, app.body).toBe(200);
    const tiles = app.json() as { nodes: { id: string; card: { design: { id: string } | null } }[] };
    expect(tiles.nodes.find((node) => node.id === business.id)?.card.design?.id).toBe(design.id);
    expect(tiles.nodes.find((node) => node.id === employee.id)?.card.design).toBeNull();

    const listed = await gql<{ card_designs: { nodes: Design[] } }>(
      "{ card_designs(first: 100) { nodes { id card_types } } }",
      scene.owner.headers,
    );
    expect(listed.data?.card_designs.nodes.find((d) => d.id === design.id)?.card_types).toEqual(["BUSINESS_EXPENSE"]);

    // Deleted, the cards show the standard look again.
    const deleted = await gql("mutation ($id: ID!) { delete_card_design(id: $id) }", scene.owner.headers, {
      id: design.id,
    });
    expect(deleted.errors).toBeUndefined();
    const after = await gql<{ cards: { nodes: { id: string; design: { id: string } | null }[] } }>(
      "{ cards(limit: 50) { nodes { id design { id } } } }",
      scene.owner.headers,
    );
    expect(after.data?.cards.nodes.find((card) => card.id === business.id)?.design).toBeNull();
  });

  it("may be changed by project owners only, and only in their own company", async () => {
    const data = await png(360, 720);
    for (const caller of [scene.teamAdmin, scene.accountant, scene.user]) {
      const response = await post(caller.headers, "/v1/card_designs", "kort.png", data);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe("ACCESS_DENIED");
    }
    const design = await uploadGood();
    const choose =
      "mutation ($id: ID) { set_card_type_design(card_type: EMPLOYEE_EXPENSE, design_id: $id) { design_id } }";
    expect(codeOf(await gql(choose, scene.teamAdmin.headers, { id: design.id }))).toBe("ACCESS_DENIED");
    expect(
      codeOf(
        await gql("mutation ($id: ID!) { delete_card_design(id: $id) }", scene.accountant.headers, { id: design.id }),
      ),
    ).toBe("ACCESS_DENIED");
    // Another company's owner finds no such design, to choose, to thumbnail or to list.
    expect(codeOf(await gql(choose, scene.foreignOwner.headers, { id: design.id }))).toBe("NOT_FOUND");
    const thumb = await post(
      scene.foreignOwner.headers,
      `/v1/card_designs/${design.id}/thumbnail`,
      "t.png",
      await png(36, 72),
    );
    expect(thumb.statusCode).toBe(404);
    const foreign = await gql<{ card_designs: { nodes: Design[] } }>(
      "{ card_designs(first: 100) { nodes { id } } }",
      scene.foreignOwner.headers,
    );
    expect(foreign.data?.card_designs.nodes.map((d) => d.id)).not.toContain(design.id);
  });

  it("page the list by cursor", async () => {
    await uploadGood("a");
    await uploadGood("b");
    const first = await gql<{ card_designs: { nodes: Design[]; next_cursor: string | null } }>(
      "{ card_designs(first: 1) { nodes { id } next_cursor } }",
      scene.owner.headers,
    );
    const cursor = first.data?.card_designs.next_cursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await gql<{ card_designs: { nodes: Design[] } }>(
      "query ($after: String) { card_designs(first: 1, after: $after) { nodes { id } } }",
      scene.owner.headers,
      { after: cursor },
    );
    expect(second.data?.card_designs.nodes[0]?.id).not.toBe(first.data?.card_designs.nodes[0]?.id);
  });

  it("page designs a microsecond apart without skipping one", async () => {
    for (const name of ["c", "d", "e", "f"]) await uploadGood(name);
    const page = async (after: string | null, first = 2) => {
      const body = await gql<{ card_designs: { nodes: Design[]; next_cursor: string | null } }>(
        "query ($first: Int, $after: String) { card_designs(first: $first, after: $after) { nodes { id } next_cursor } }",
        scene.owner.headers,
        { first, after },
      );
      expect(body.errors).toBeUndefined();
      return body.data?.card_designs ?? { nodes: [], next_cursor: null };
    };
    const ids = (await page(null, 50)).nodes.map((design) => design.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    await microsecondsApart(t.db, "card_designs", "created_at", ids);
    expect((await walkPages((after) => page(after), 50)).nodes.map((design) => design.id)).toEqual(ids);
  });
});
