import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

/**
 * The service worker's push handling (public/app-push-sw.js), run against a stand-in for the worker's global: a push
 * is shown with its text, and a tap opens its app path, focusing an open app window when there is one. A push can
 * never open anything outside /app.
 */

type Listener = (event: Record<string, unknown>) => void;

const load = (
  windows: Array<{ url: string; focus: () => Promise<void>; navigate: (url: string) => Promise<void> }>,
) => {
  const listeners = new Map<string, Listener>();
  const worker = {
    location: { origin: "https://kort.example" },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => undefined) },
  };
  const source = readFileSync(path.resolve(import.meta.dirname, "../../public/app-push-sw.js"), "utf8");
  new Function("self", source)(worker);
  const fire = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (work = promise) });
    await work;
  };
  return { worker, fire };
};

const tap = (url: unknown) => ({ notification: { close: () => undefined, data: { url } } });

describe("the app's push service worker", () => {
  it("shows a push with its title, text and tag", async () => {
    const { worker, fire } = load([]);
    const message = { title: "Greiðsla samþykkt", body: "Bónus · 1.234 kr.", url: "/app/transactions/t1", tag: "a" };
    await fire("push", { data: { json: () => message } });
    expect(worker.registration.showNotification).toHaveBeenCalledWith("Greiðsla samþykkt", {
      body: "Bónus · 1.234 kr.",
      tag: "a",
      icon: "/icons/icon-192.png",
      data: { url: "/app/transactions/t1" },
    });
  });

  it("opens the push's screen in a new window, or in the app window already open", async () => {
    const closed = load([]);
    await closed.fire("notificationclick", tap("/app/transactions/t1"));
    expect(closed.worker.clients.openWindow).toHaveBeenCalledWith("https://kort.example/app/transactions/t1");
    const app = {
      url: "https://kort.example/app",
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
    };
    const open = load([{ url: "https://kort.example/cards", focus: vi.fn(), navigate: vi.fn() }, app]);
    await open.fire("notificationclick", tap("/app/cards/c1"));
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith("https://kort.example/app/cards/c1");
    expect(open.worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it("opens nothing outside the app, whatever a push says", async () => {
    for (const url of ["https://evil.example/app", "//evil.example/app", "/cards", 42]) {
      const { worker, fire } = load([]);
      await fire("notificationclick", tap(url));
      expect(worker.clients.openWindow).toHaveBeenCalledWith("https://kort.example/app");
    }
  });
});
