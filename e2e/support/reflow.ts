import type { Page } from "playwright-core";

/**
 * What a person at 320 px wide cannot read or reach without scrolling sideways (WCAG 1.4.10, reflow: a phone, or a
 * 1280 px screen zoomed to 400%), one line each; an empty list is a page that reflows. Two ways to fail:
 * - the page itself scrolls sideways (something widens it, even an invisible part);
 * - something sticks out past the right edge where no scrolling reaches it: a button pushed off a fixed header, text
 *   past the window, a control that a box cuts off whole.
 * A table wider than the window passes when it scrolls sideways in its own box (data needs two dimensions), and
 * so does text that a box cuts off inside the window on purpose (a long name truncated in its cell).
 */
export const reflowFailures = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const failures: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) failures.push(`the page scrolls sideways: ${pageWidth} px wide in ${width} px`);
    const reported = new Set<Element>();
    const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, label, [role=button], [role=radio]";
    for (const element of Array.from(document.querySelectorAll("body *"))) {
      const box = element.getBoundingClientRect();
      // Visually hidden text (1 px, clipped) is read, not seen; what widens the page is caught above.
      if (box.width <= 1 || box.height <= 1) continue;
      const control = element.matches(CONTROLS);
      if (!control && box.right <= width + 1) continue;
      if (element.parentElement && reported.has(element.parentElement)) {
        reported.add(element);
        continue;
      }
      // Boxes around it that cut off what overflows them show it up to their right edge; one that scrolls sideways
      // reaches the rest.
      let seenRight = box.right;
      let scrolls = false;
      for (let around = element.parentElement; around && !scrolls; around = around.parentElement) {
        const overflow = getComputedStyle(around).overflowX;
        if (overflow === "auto" || overflow === "scroll") scrolls = true;
        else if (overflow !== "visible") seenRight = Math.min(seenRight, around.getBoundingClientRect().right);
      }
      // Text truncated on purpose shows its start, but a control cut off whole (the last choices of a row of them, a
      // button beside a long label) cannot be seen or pressed, scrolled or not.
      const cutOffWhole = control && box.left >= seenRight - 1;
      if (!cutOffWhole && (scrolls || box.right <= width + 1 || seenRight <= width + 1)) continue;
      reported.add(element);
      const testId = element.getAttribute("data-testid");
      const where = cutOffWhole ? "is cut off whole" : `reaches ${Math.round(box.right)} px`;
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      failures.push(`<${element.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ""}> "${text}" ${where}`);
    }
    return failures;
  });
