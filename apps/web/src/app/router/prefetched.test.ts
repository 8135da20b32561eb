import { describe, expect, it } from "vitest";
import { prefetched } from "./prefetched.ts";

describe("prefetched", () => {
  it("shares one download between every caller", async () => {
    let downloads = 0;
    const code = prefetched(async () => ++downloads);
    const [first, second] = await Promise.all([code.load(), code.load()]);
    expect([first, second, await code.load()]).toEqual([1, 1, 1]);
    expect(downloads).toBe(1);
  });

  it("tries again after a failed download", async () => {
    let downloads = 0;
    const code = prefetched(async () => {
      downloads += 1;
      if (downloads === 1) throw new Error("offline");
      return "module";
    });
    await expect(code.load()).rejects.toThrow("offline");
    expect(await code.load()).toBe("module");
    expect(downloads).toBe(2);
  });
});
