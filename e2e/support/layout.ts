import type { Page } from "playwright-core";

/** Visible buttons whose label is cut, as sentences (none when all is well): a label gives way to nothing beside it. */
export const cutButtonLabels = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("button, a[role=button]"))
      .filter((button) => button.offsetParent !== null)
      .map((button) => button.querySelector<HTMLElement>(".mantine-Button-label") ?? button)
      .filter((label) => label.scrollWidth > label.clientWidth + 0.5)
      .map((label) => `"${label.textContent}" is cut`),
  );
