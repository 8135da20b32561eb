import type { Page } from "playwright-core";
import { expect } from "vitest";
import { cutButtonLabels } from "./layout.ts";

/** The phone the employee app's flows run on (issue 17): 390x844 with touch. */
export const PHONE = { width: 390, height: 844, touch: true };

/**
 * Every visible button and link of the page is at least 44 px both ways, and nothing overflows sideways. Measured
 * once the page's animations have ended (a dialog opening is scaled on its way in), to the half pixel.
 */
export const expectPhoneFriendly = async (page: Page) => {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner's animation never ends; only those that do are waited for.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        // One cancelled while waited for (an alert replaced, a focus ring moved) rejects; it is over all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("button, a, [role=button]"))
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
      .map(({ element, box }) => `${element.dataset.testid ?? element.textContent} ${box.width}x${box.height}`),
  );
  expect(small).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Labels are read whole: no button gives up its text to what stands beside it, and the bottom bar's sections all
  // stay inside it (a wrapped one would sit below the screen).
  expect(await cutButtonLabels(page)).toEqual([]);
  const outside = await page.evaluate(() => {
    const problems: string[] = [];
    const bar = document.querySelector("nav")?.getBoundingClientRect();
    for (const section of Array.from(document.querySelectorAll<HTMLElement>("[data-testid^=app-nav-]"))) {
      const box = section.getBoundingClientRect();
      if (bar && section.closest("nav") && (box.bottom > bar.bottom + 0.5 || box.bottom > window.innerHeight + 0.5)) {
        problems.push(`"${section.textContent}" is outside the bottom bar`);
      }
    }
    return problems;
  });
  expect(outside).toEqual([]);
};
