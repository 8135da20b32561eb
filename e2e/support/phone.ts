import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The phone the employee app's flows run on (issue 17): 390x844 with touch. */
export const PHONE = { width: 390, height: 844, touch: true };

/** Every visible button and link of the page is at least 44 px both ways, and nothing overflows sideways. */
export const expectPhoneFriendly = async (page: Page) => {
  const small = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("button, a, [role=button]"))
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => `${element.dataset.testid ?? element.textContent} ${box.width}x${box.height}`),
  );
  expect(small).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
};
