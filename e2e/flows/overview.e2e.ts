import { randomUUID } from "node:crypto";
import { billingPeriodDates, currentBillingPeriod, formatMoney } from "@kort/core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

/**
 * The owner's Overview (issue 16) in Chromium, in both languages: the demo period's spend by team, user, category
 * and merchant as charts and tables whose totals are the database's, and a click on a chart's bar opens the
 * expenses filtered to that bar's row.
 */

const HEADINGS = {
  is: ["Útgjöld eftir teymum", "Útgjöld eftir notendum", "Útgjöld eftir flokkum", "Útgjöld eftir söluaðilum"],
  en: ["Spending by team", "Spending by user", "Spending by category", "Spending by merchant"],
} as const;

/** The trend table's first column, as each language names it. */
const PERIOD = { is: "Tímabil", en: "Billing period" } as const;

/** A purchase of today on the demo team's first card, so the period has spend of this test's own. */
const insertPurchase = async (projectId: string, merchant: string, amount: number) => {
  const [row] = await query<{ team_id: string }>(
    `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                               original_currency, transaction_amount, transaction_date, closed_at)
     select $1, c.id, c.cardholder_id, c.team_id, $2, $2, $3, 'ISK', $3, now() - interval '1 hour', now()
       from cards c where c.project_id = $1 and c.team_id is not null order by c.created_at limit 1
     returning team_id`,
    [projectId, merchant, amount],
  );
  if (!row) throw new Error("No demo card with a team");
  return row.team_id;
};

describe("the owner's overview", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  for (const locale of ["is", "en"] as const) {
    it(`shows the period's spend by team, user, category and merchant with charts, and a bar opens the filtered expenses (${locale})`, async () => {
      browser = await openBrowser({ height: 2400 });
      const { page } = browser;
      const projectId = await demoProjectId();
      // Large enough to lead the merchants (a demo merchant's period is under 100.000 kr.), so its bar is the
      // merchant chart's first; small enough to leave the demo company's credit for the other flows' purchases.
      const merchant = `Yfirlitsprófun ${randomUUID().slice(0, 8)}`;
      await insertPurchase(projectId, merchant, locale === "is" ? 400_000 : 900_000);
      const { from, to } = billingPeriodDates(currentBillingPeriod(new Date()));
      const [expected] = await query<{ total: string }>(
        `select coalesce(sum(transaction_amount), 0)::text as total from transactions
          where project_id = $1 and transaction_date >= $2::date and transaction_date < $3::date + 1`,
        [projectId, from, to],
      );
      const total = formatMoney(Number(expected?.total), { locale: locale === "is" ? "is-IS" : "en-US" });

      await signInAs(page, "owner@demo.is", locale);
      await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
      await page.goto(`${inject("baseUrl")}/overview`);
      await page.getByTestId("overview-page").waitFor();

      for (const [index, by] of (["team", "user", "category", "merchant"] as const).entries()) {
        const card = page.getByTestId(`overview-spending-${by}`);
        await card.getByRole("heading", { name: HEADINGS[locale][index] }).waitFor();
        // The chart drew its bars (a chunk of its own, loaded when the page shows).
        await card.locator(".recharts-bar-rectangle").first().waitFor();
        expect(await card.getByTestId(`overview-spending-${by}-total`).textContent()).toBe(total);
        expect(await card.getByTestId(`overview-spending-${by}-link`).count()).toBeGreaterThan(0);
      }
      await page.getByTestId("overview-balance").getByTestId("balance-available").waitFor();

      // Assistive technology reads figures, not pictures: no chart is in its tree (each spending chart's table holds
      // the same rows, with links), and the trend's six periods are a table it reads, though none is seen.
      // (Drawn: an empty period's bar is there with no height.)
      await page
        .getByTestId("overview-trend-chart")
        .locator(".recharts-bar-rectangle")
        .first()
        .waitFor({ state: "attached" });
      expect(await page.getByRole("application").count()).toBe(0);
      expect(await page.locator("[data-testid$=-chart]:not([aria-hidden=true])").count()).toBe(0);
      const trend = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: PERIOD[locale] }) });
      expect(await trend.getByRole("row").count()).toBe(7);
      for (const cell of await trend.getByRole("row").nth(6).getByRole("cell").all()) {
        expect(await cell.textContent()).toMatch(/^(\d{2}\.\d{2}\.\d{4}|\d{1,2} \w{3} \d{4}|[\d.]+ kr\.)$/);
      }
      // Visually hidden: inside a box of one pixel, clipped.
      expect(await trend.evaluate((table) => table.parentElement?.getBoundingClientRect().width)).toBe(1);

      // The merchant chart's first bar is this test's purchase: a click lists it alone in the expenses.
      const merchants = page.getByTestId("overview-spending-merchant");
      expect(await merchants.getByTestId("overview-spending-merchant-link").first().textContent()).toBe(merchant);
      await merchants.locator(".recharts-bar-rectangle").first().click();
      await page.getByTestId("expenses-page").waitFor();
      const url = new URL(page.url());
      expect(url.pathname).toBe("/expenses");
      expect(Object.fromEntries(url.searchParams)).toEqual({ fromDate: from, toDate: to, q: merchant });
      await page.locator(`[data-testid="ledger-row"][data-merchant="${merchant}"]`).waitFor();

      // Back on the overview, the team chart's first bar opens that team's expenses.
      await page.goBack();
      const teams = page.getByTestId("overview-spending-team");
      await teams.locator(".recharts-bar-rectangle").first().waitFor();
      const href = await teams.getByTestId("overview-spending-team-link").first().getAttribute("href");
      await teams.locator(".recharts-bar-rectangle").first().click();
      await page.getByTestId("expenses-page").waitFor();
      const opened = new URL(page.url());
      expect(`${opened.pathname}${opened.search}`).toBe(href);
      expect(opened.searchParams.get("team")).toMatch(/^[0-9a-f-]{36}$/);
    });
  }
});

describe("credit and the audit log", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("refuses a parent's account with the reason, raises available by a deposit, and lists it in the audit log", async () => {
    browser = await openBrowser({ height: 1600 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const [company] = await query<{ kennitala: string }>("select kennitala from projects where id = $1", [projectId]);
    const kennitala = company?.kennitala ?? "";
    await signInAs(page, "owner@demo.is", "en");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
    await page.goto(`${inject("baseUrl")}/overview`);
    const available = page.getByTestId("balance-available");
    await available.waitFor();
    const before = await available.textContent();

    const fill = async (holder: string) => {
      await page.getByTestId("credit-deposit-open").click();
      await page.getByTestId("deposit-amount").fill("1000");
      await page.getByTestId("deposit-account").fill("0133-26-012345");
      await page.getByTestId("deposit-holder").click();
      await page.getByRole("option", { name: holder }).click();
      await page.getByTestId("deposit-kennitala").fill(kennitala);
      await page.getByTestId("deposit-create").click();
    };
    await fill("A parent company");
    await page
      .getByTestId("toast-error")
      .getByText("A deposit must come from the company's own account, not a parent's or a subsidiary's.")
      .waitFor();
    await page.keyboard.press("Escape");

    await fill("The company itself");
    await page.getByTestId("deposit-summary").waitFor();
    await page.getByTestId("deposit-initiate").click();
    await page.getByTestId("toast-success").first().waitFor();
    await page.getByTestId("balance-deposited").waitFor();
    await page.waitForFunction(
      (previous) => document.querySelector('[data-testid="balance-available"]')?.textContent !== previous,
      before,
    );
    const toNumber = (text: string | null) => Number((text ?? "").replace(/[^0-9-]/g, ""));
    expect(toNumber(await available.textContent()) - toNumber(before)).toBe(1000);

    // The audit log, Beta in the menu, filtered to credit: the deposit, created and initiated, by the owner.
    const item = page.getByTestId("menu-item-audit-log");
    await item.getByText("Beta").waitFor();
    await item.click();
    await page.getByTestId("audit-log-page").waitFor();
    await page.getByTestId("audit-filter-what").click();
    await page.getByRole("option", { name: "Credit" }).click();
    await page.keyboard.press("Escape");
    await page.getByTestId("audit-action").getByText("Deposit initiated").first().waitFor();
    // The newest entry is the deposit with or without the filter: wait until the filtered list has replaced the
    // whole log (every row a credit action) before reading it.
    await page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[data-testid="audit-action"]')).map(
        (row) => row.textContent ?? "",
      );
      return rows.length > 0 && rows.every((text) => text.startsWith("Deposit") || text.startsWith("Credit"));
    });
    const actions = await page.getByTestId("audit-action").allTextContents();
    expect(new Set(actions).size).toBeLessThanOrEqual(3);
    expect(actions.every((action) => action.startsWith("Deposit") || action.startsWith("Credit"))).toBe(true);
  });
});
