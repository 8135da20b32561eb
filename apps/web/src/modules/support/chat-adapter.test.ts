import { describe, expect, it } from "vitest";
import { chatSettings } from "./chat-adapter.ts";

describe("chat-support settings", () => {
  it("start the widget with the user's name, e-mail and account creation date, and the provider's app id", () => {
    const settings = chatSettings(
      { script_url: "https://chat.example.com/w.js", init: "KortChat", app_id: "abc" },
      { name: "Anna Jónsdóttir", email: "anna@fyrirtaeki.is", created_at: "2026-11-20T10:00:00.000Z" },
      "is",
    );
    expect(settings).toEqual({
      app_id: "abc",
      name: "Anna Jónsdóttir",
      email: "anna@fyrirtaeki.is",
      created_at: "2026-11-20T10:00:00.000Z",
      created_at_unix: 1795168800,
      language: "is",
    });
  });
});
