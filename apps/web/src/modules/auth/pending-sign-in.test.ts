import { describe, expect, it } from "vitest";
import { parsePendingSignIn } from "./pending-sign-in.ts";

describe("parsePendingSignIn", () => {
  it("reads the token id, verification id, e-mail and phone hint", () => {
    const raw = JSON.stringify({ token_id: "t", verification_id: "v", email: "a@b.is", phone_hint: "234" });
    expect(parsePendingSignIn(raw)).toEqual({
      token_id: "t",
      verification_id: "v",
      email: "a@b.is",
      phone_hint: "234",
    });
  });

  it("takes a missing hint as none and refuses anything incomplete", () => {
    const raw = JSON.stringify({ token_id: "t", verification_id: "v", email: "a@b.is" });
    expect(parsePendingSignIn(raw)?.phone_hint).toBeNull();
    for (const bad of [null, "", "{", "[]", JSON.stringify({ token_id: "t", email: "a@b.is" })]) {
      expect(parsePendingSignIn(bad)).toBeNull();
    }
  });
});
