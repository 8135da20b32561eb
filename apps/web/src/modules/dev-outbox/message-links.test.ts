import { describe, expect, it } from "vitest";
import { splitLinks } from "./message-links.ts";

describe("splitLinks", () => {
  it("finds full addresses and paths on this site", () => {
    expect(splitLinks("Smelltu:\nhttp://127.0.0.1:3000/emailConfirm?a=1&b=2\n\nKort")).toEqual([
      { kind: "text", value: "Smelltu:\n" },
      { kind: "link", value: "http://127.0.0.1:3000/emailConfirm?a=1&b=2" },
      { kind: "text", value: "\n\nKort" },
    ]);
    expect(splitLinks("/invites/accept?invite_id=x&token=y")).toEqual([
      { kind: "link", value: "/invites/accept?invite_id=x&token=y" },
    ]);
  });

  it("leaves text with slashes inside words alone", () => {
    expect(splitLinks("Kort: kóðinn er 123456 og/eða 1/2")).toEqual([
      { kind: "text", value: "Kort: kóðinn er 123456 og/eða 1/2" },
    ]);
  });
});
