import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receipts, users } from "../../platform/db/schema/index.ts";
import { createReceiptsScene, type ErrorJson, multipart, type ReceiptsScene } from "./testing/receipts-scene.ts";

/** Spec 7, `POST /v1/images`: a user image or a transaction's image, with the same checks as their own calls. */

let s: ReceiptsScene;
beforeAll(async () => {
  s = await createReceiptsScene();
});
afterAll(() => s.t.close());

const post = (headers: Record<string, string>, query: string, data: Buffer, fileName = "mynd.png") => {
  const body = multipart([{ field: "file", fileName, type: "image/png", data }]);
  return s.t.app.inject({
    method: "POST",
    url: `/v1/images${query}`,
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
};
const codeOf = (response: { json: () => unknown }) => (response.json() as ErrorJson).error.code;

describe("POST /v1/images", () => {
  it("sets the caller's profile photo with user_image=true", async () => {
    const response = await post(s.scene.user.headers, "?user_image=true", s.files.png);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toHaveProperty("thumbnail_url");
    const [row] = await s.t.db.select({ imageId: users.imageId }).from(users).where(eq(users.id, s.scene.user.id));
    expect(row?.imageId).toBe((response.json() as { id: string }).id);
  });

  it("adds a receipt to a transaction the caller may manage, and to no other", async () => {
    const mine = await post(s.scene.user.headers, `?transaction_id=${s.purchases.employee}`, s.files.png);
    expect(mine.statusCode, mine.body).toBe(201);
    const stored = await s.t.db.select().from(receipts).where(eq(receipts.transactionId, s.purchases.employee));
    expect(stored.map((row) => row.id)).toContain((mine.json() as { id: string }).id);
    const theirs = await post(s.scene.user.headers, `?transaction_id=${s.purchases.theirs}`, s.files.png);
    expect(theirs.statusCode).toBe(403);
    const foreign = await post(s.scene.owner.headers, `?transaction_id=${s.purchases.foreign}`, s.files.png);
    expect(foreign.statusCode).toBe(404);
  });

  it("refuses a request that does not say what the image is for, or says both, and a file that is not an image", async () => {
    for (const query of ["", `?user_image=true&transaction_id=${s.purchases.employee}`, "?transaction_id=x"]) {
      expect((await post(s.scene.user.headers, query, s.files.png)).statusCode, query).toBe(422);
    }
    const text = await post(s.scene.user.headers, "?user_image=true", Buffer.from("not an image"), "mynd.gif");
    expect(codeOf(text)).toBe("IMAGE_TYPE_NOT_ALLOWED");
  });
});
