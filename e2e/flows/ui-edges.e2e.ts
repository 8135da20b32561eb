import { randomUUID } from "node:crypto";
import { formatDate, formatMoney, parseIsoDate } from "@kort/core";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { parseDayText } from "../../apps/web/src/ui/date-field/day-text.ts";
import { useBrowsers } from "../support/browser-pool.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";
import { startSignUpOverApi } from "../support/sign-up-api.ts";

/**
 * Issue 10, what a newcomer met in Chromium at 1280 px: the native date field, a limit refusal that named no
 * limit, toasts over the panel's close button, read-only fields that looked editable, consents linking to no text.
 */

type Language = "is" | "en";

const TEXTS = {
  is: {
    monday: "Má",
    pastDay: "01.01.2020",
    pastError: "Lokadagurinn er liðinn",
    overLimit: (limit: string) => new RegExp(`^Hærra en heimild reikningsins: ${limit}, laus [0-9.]+ kr\\.$`),
    terms: "Skilmálar Korts",
    privacy: "Persónuverndarstefna Korts",
  },
  en: {
    monday: "Mo",
    pastDay: "1 Jan 2020",
    pastError: "The close date has passed",
    overLimit: (limit: string) =>
      new RegExp(`^Over the account's credit limit of ${limit} \\([0-9.]+ kr\\. available\\)\\.$`),
    terms: "Kort's terms of service",
    privacy: "Kort's privacy policy",
  },
} as const;

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const openCards = async (page: Page, language: Language) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "owner@demo.is", language);
  await page.evaluate((id) => localStorage.setItem("kort.project", id), await demoProjectId());
  await page.goto(`${inject("baseUrl")}/cards`);
  await page.getByTestId("cards-page").waitFor();
};

const startCard = async (page: Page, type: "BUSINESS_EXPENSE" | "EMPLOYEE_EXPENSE") => {
  await page.getByTestId("create-card-button").click();
  await page.getByTestId(`card-type-${type}`).click();
  await page.getByTestId("create-card-form").waitFor();
  await page.getByTestId("card-name-input").fill(`Prófun ${randomUUID().slice(0, 8)}`);
  await page.getByTestId("cardholder-select").click();
  await page.getByRole("option", { name: /Sigurður/ }).click();
};

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("Not on screen");
  return found;
};

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the rough edges of issue 10", () => {
  const open = useBrowsers();

  for (const language of ["is", "en"] as const) {
    const text = TEXTS[language];

    it(`picks the close date in Kort's Monday-first calendar and says why a past day is refused (${language})`, async () => {
      const page = await open();
      await openCards(page, language);
      await startCard(page, "EMPLOYEE_EXPENSE");
      const field = page.getByTestId("card-close-date-input");
      expect(await page.locator('input[type="date"]').count()).toBe(0);
      expect(await field.getAttribute("type")).not.toBe("date");

      await field.click();
      const calendar = page.locator("[data-dates-dropdown]");
      await calendar.waitFor();
      expect((await calendar.locator("thead th").first().textContent())?.trim()).toBe(text.monday);
      // The last day of the month shown (this month, never in the past) is picked and shown as Kort prints days.
      const last = calendar.locator("button:not([data-outside]):not([data-disabled])[aria-label]").last();
      const picked = parseIsoDate(parseDayText((await last.getAttribute("aria-label")) ?? "") ?? "");
      if (!picked) throw new Error("The calendar's day has no readable label");
      await last.click();
      const shown = await field.inputValue();
      expect(shown).toBe(formatDate(picked, language === "is" ? "is-IS" : "en-US"));
      expect(shown).toMatch(language === "is" ? /^\d{2}\.\d{2}\.\d{4}$/ : /^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

      await field.fill(text.pastDay);
      await field.press("Tab");
      await page.getByText(text.pastError).waitFor();
      expect(await page.getByTestId("create-card-submit").isDisabled()).toBe(true);
    });

    it(`names the account's credit limit and what is available when the amount is over it (${language})`, async () => {
      const page = await open();
      await openCards(page, language);
      const [project] = await query<{ credit_limit: string }>("select credit_limit from projects where id = $1", [
        await demoProjectId(),
      ]);
      const limit = formatMoney(Number(project?.credit_limit), { locale: language === "is" ? "is-IS" : "en-US" });
      await startCard(page, "BUSINESS_EXPENSE");
      await page.getByTestId("card-amount-input").fill("999999999999");
      await page.getByText(text.overLimit(literally(limit))).waitFor();
      expect(await page.getByTestId("create-card-submit").isDisabled()).toBe(true);
    });

    it(`links the sign-up's consents to the terms and the privacy policy, opened in a new tab (${language})`, async () => {
      const page = await open();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${inject("baseUrl")}/404`);
      await page.evaluate((lang) => localStorage.setItem("kort.locale", lang), language);
      const { id } = await startSignUpOverApi(`Skilmálar ${randomUUID().slice(0, 8)} ehf.`);
      await page.goto(`${inject("baseUrl")}/auth/signup/fullname/${id}`);
      await page.getByTestId("auth-step-signupFullName").waitFor();

      for (const [link, path, title, checkbox] of [
        ["signup-terms-link", "/terms", text.terms, "signup-terms"],
        ["signup-privacy-link", "/privacy", text.privacy, "signup-privacy"],
      ] as const) {
        const anchor = page.getByTestId(link);
        expect(await anchor.getAttribute("href")).toBe(path);
        expect(await anchor.getAttribute("target")).toBe("_blank");
        const [tab] = await Promise.all([page.context().waitForEvent("page"), anchor.click()]);
        await tab.getByRole("heading", { level: 1, name: title }).waitFor();
        expect(await tab.getByTestId("legal-support").getAttribute("href")).toBe("mailto:support@kort.is");
        await tab.close();
        // Following the link does not tick the box: consent stays a choice of its own.
        expect(await page.getByTestId(checkbox).isChecked()).toBe(false);
      }
    });
  }

  it("shows an error toast clear of the side panel's close button and of its submit button", async () => {
    const page = await open();
    await openCards(page, "is");
    await page.route("**/graphql", async (route) => {
      if (!route.request().postData()?.includes("mutation CreateBusinessCard")) return route.fallback();
      await route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ errors: [{ message: "refused", extensions: { code: "CARD_LIMIT_TOO_HIGH" } }] }),
      });
    });
    await startCard(page, "BUSINESS_EXPENSE");
    const submit = page.getByTestId("create-card-submit");
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('[data-testid="create-card-submit"]')?.disabled === false,
    );
    await submit.click();
    const toast = page.getByTestId("toast-error");
    await toast.waitFor();
    const close = page.locator(".mantine-Drawer-close");
    expect(overlaps(await box(toast), await box(close))).toBe(false);
    expect(overlaps(await box(toast), await box(submit))).toBe(false);
  });

  it("gives read-only fields a look of their own: no border, a grey box, the ordinary pointer", async () => {
    const page = await open();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, "owner@demo.is", "en");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), await demoProjectId());
    const look = (field: Locator) =>
      field.evaluate((input) => {
        const style = getComputedStyle(input);
        return { border: style.borderTopColor, background: style.backgroundColor, cursor: style.cursor };
      });

    await page.goto(`${inject("baseUrl")}/personal-settings`);
    const name = page.getByRole("textbox", { name: "Full name" });
    await name.waitFor();
    expect(await name.getAttribute("readonly")).not.toBeNull();
    await name.focus();
    expect(await look(name)).toEqual({
      border: "rgba(0, 0, 0, 0)",
      background: expect.not.stringMatching(/255, 255, 255/),
      cursor: "default",
    });

    // A select that cannot be typed in is read-only underneath, and still looks like a field to choose in.
    await page.goto(`${inject("baseUrl")}/cards`);
    const status = page.getByTestId("cards-status-filter");
    await status.waitFor();
    expect(await look(status)).toMatchObject({ background: "rgb(255, 255, 255)", cursor: "pointer" });
  });
});
