import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../app/testing/test-app.ts";
import { addMember, createProject, createToken, createUser } from "../../platform/http/testing/fixtures.ts";
import { multipart } from "../receipts/testing/receipts-scene.ts";

/**
 * Personal settings (issue 16): a profile photo is JPEG, PNG or GIF by its bytes, thumbnailed and served through
 * signed links in the user's own answer; anything else is refused with its code. The language is stored on the user.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { KORT_LINK_KEY: "profile-image-test-link-key-0123456789" } });
});
afterAll(() => t.close());

const person = async () => {
  const user = await createUser(t.db, "Mynda Prófsdóttir");
  const project = await createProject(t.db);
  await addMember(t.db, project.id, user.id, "user");
  return { id: user.id, headers: { authorization: `Bearer ${await createToken(t.db, user.id)}` } };
};

const upload = (headers: Record<string, string>, fileName: string, data: Buffer, type = "image/gif") => {
  const body = multipart([{ field: "file", fileName, type, data }]);
  return t.app.inject({
    method: "POST",
    url: "/v1/users/current/image",
    headers: { ...headers, "content-type": body.contentType, "idempotency-key": crypto.randomUUID() },
    payload: body.payload,
  });
};

const image = (format: "gif" | "png") =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    [format]()
    .toBuffer();

type Me = { image: { id: string; url: string; thumbnail_url: string } | null };
const me = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: "GET", url: "/v1/users/current", headers })).json() as Me;
const pathOf = (url: string) => {
  const parsed = new URL(url, "http://localhost");
  return `${parsed.pathname}${parsed.search}`;
};

describe("the profile photo", () => {
  it("takes a GIF, answers it with a 128 px JPEG thumbnail, and replaces it with the next", async () => {
    const p = await person();
    expect((await me(p.headers)).image).toBeNull();
    const response = await upload(p.headers, "ég.gif", await image("gif"));
    expect(response.statusCode, response.body).toBe(201);

    const first = (await me(p.headers)).image;
    expect(first?.id).toEqual(expect.any(String));
    const thumbnail = await t.app.inject({ method: "GET", url: pathOf(first?.thumbnail_url ?? "") });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 128, height: 128 });
    const file = await t.app.inject({ method: "GET", url: pathOf(first?.url ?? "") });
    expect(file.headers["content-type"]).toBe("image/gif");

    // A forged signature is refused; a new photo retires the old one's links.
    const forged = await t.app.inject({
      method: "GET",
      // Its first character changed to another: writing "0" over it left one signature in 64 as it was.
      url: pathOf(first?.url ?? "").replace(/signature=(.)/, (_, c: string) => `signature=${c === "0" ? "1" : "0"}`),
    });
    expect(forged.statusCode).toBe(403);
    expect((await upload(p.headers, "ég.png", await image("png"), "image/png")).statusCode).toBe(201);
    expect((await t.app.inject({ method: "GET", url: pathOf(first?.url ?? "") })).statusCode).toBe(404);
    expect((await me(p.headers)).image?.id).not.toBe(first?.id);
  });

  it("refuses a PNG named .gif, garbage behind a GIF's signature, and what is no image, each with its code", async () => {
    const p = await person();
    const codeOf = async (fileName: string, data: Buffer) => {
      const response = await upload(p.headers, fileName, data);
      return { status: response.statusCode, code: (response.json() as { error?: { code: string } }).error?.code };
    };
    expect(await codeOf("mynd.gif", await image("png"))).toEqual({ status: 422, code: "IMAGE_TYPE_MISMATCH" });
    expect(await codeOf("mynd.gif", Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(200, 7)]))).toEqual({
      status: 422,
      code: "IMAGE_UNREADABLE",
    });
    expect(await codeOf("mynd.gif", Buffer.from("not an image at all"))).toEqual({
      status: 422,
      code: "IMAGE_TYPE_NOT_ALLOWED",
    });
    expect(await codeOf("mynd.gif", Buffer.alloc(0))).toEqual({ status: 422, code: "IMAGE_TYPE_NOT_ALLOWED" });
    expect((await me(p.headers)).image).toBeNull();
  });
});

describe("the language", () => {
  it("is stored on the user, and only a known one", async () => {
    const p = await person();
    const set = (locale: string) =>
      t.app.inject({
        method: "PUT",
        url: "/v1/users/current/locale",
        headers: { ...p.headers, "idempotency-key": crypto.randomUUID() },
        payload: { locale },
      });
    expect((await set("en-US")).json()).toEqual({ locale: "en-US" });
    const { rows } = await t.db.$client.query<{ locale: string }>("select locale from users where id = $1", [p.id]);
    expect(rows[0]?.locale).toBe("en-US");
    expect((await set("de-DE")).statusCode).toBe(422);
    const profile = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers: p.headers,
      payload: { query: "{ my_profile { full_name email phone locale } }" },
    });
    expect(profile.json()).toMatchObject({ data: { my_profile: { full_name: "Mynda Prófsdóttir", locale: "en-US" } } });
  });
});
