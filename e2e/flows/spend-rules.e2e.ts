import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { DEMO_USERS } from "../../apps/server/src/app/seed/seed-data.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { api, authorize, issueEmployeeCard } from "../support/card-network.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

/** Issue 19: merchant controls set on the card page decide the network's authorizations, and the reason shows. */

describe("merchant controls", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("lets the admin block gambling on the card page; a casino is declined and the page and the app say why", async () => {
    const name = `Spil ${randomUUID().slice(0, 6)}`;
    const card = await issueEmployeeCard(name);
    browser = await openBrowser();
    const { page } = browser;
    await signInAs(page, DEMO_USERS.owner.email, "en");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), await demoProjectId());
    await page.goto(`${inject("baseUrl")}/cards/${card.id}`);
    await page.getByTestId("card-page").waitFor();

    const section = page.getByTestId("card-merchant-controls");
    await section.getByText("No merchant restrictions").waitFor();
    await section.getByTestId("merchant-controls-edit").click();
    await section.getByTestId("merchant-group-gambling").check();
    await section.getByTestId("merchant-controls-save").click();
    const summary = section.locator('[data-testid="merchant-controls-summary"][data-mode="BLOCK"]');
    await summary.waitFor();
    expect(await summary.textContent()).toContain("Gambling");

    expect(await authorize(card, { mcc: "7995", merchant: "Lucky Casino" })).toEqual(
      expect.objectContaining({ approved: false, decline_code: "MERCHANT_GROUP_BLOCKED" }),
    );
    expect(await authorize(card, { mcc: "5411", merchant: "Bónus" })).toEqual(
      expect.objectContaining({ approved: true }),
    );

    // The card page lists the decline with the group named.
    await page.reload();
    const reason = page.getByTestId("card-decline-reason");
    await reason.waitFor();
    expect(await reason.getAttribute("data-code")).toBe("MERCHANT_GROUP_BLOCKED");
    expect(await reason.textContent()).toBe("This card cannot be used for gambling");

    // The holder reads it in the app, in Icelandic.
    await signInAs(page, DEMO_USERS.employee.email, "is");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), await demoProjectId());
    await page.goto(`${inject("baseUrl")}/app/cards/${card.id}`);
    const appReason = page.locator('[data-testid="app-decline-reason"][data-code="MERCHANT_GROUP_BLOCKED"]');
    await appReason.waitFor();
    expect(await appReason.textContent()).toBe("Þetta kort má ekki nota hjá spilavítum");
    // The card's screen says so before any purchase: the card's own rule, in the holder's language.
    const rules = page.locator('[data-testid="app-card-merchant-rules"][data-mode="BLOCK"][data-source="CARD"]');
    await rules.waitFor();
    expect(await rules.textContent()).toBe("Þetta kort má ekki nota hjá: spilavítumRegla þessa korts");
  });

  it("locks the holder's cards for an 8-day-old purchase without a receipt (N = 7); the app shows why, the owner lifts it", async () => {
    const name = `Kvittun ${randomUUID().slice(0, 6)}`;
    const merchant = `Bókabúð ${name.slice(-6)}`;
    const card = await issueEmployeeCard(name);
    await query(
      `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                 original_currency, transaction_amount, transaction_date, closed_at)
       select c.project_id, c.id, c.cardholder_id, c.team_id, $2, $2, 4990, 'ISK', 4990,
              now() - interval '8 days', now() - interval '8 days'
         from cards c where c.id = $1`,
      [card.id, merchant],
    );
    const setLock = (days: number | null) =>
      api(DEMO_USERS.owner.email, "POST", "/graphql", {
        query: "mutation($days: Int) { set_receipt_lock(days: $days) { receipt_lock_days } }",
        variables: { days },
      });
    expect(await setLock(7)).not.toHaveProperty("errors");
    try {
      expect(await authorize(card, { mcc: "5411", merchant: "Bónus" })).toEqual(
        expect.objectContaining({ approved: false, decline_code: "RECEIPTS_MISSING" }),
      );

      // The holder's app says how many receipts are missing and links to those purchases.
      browser = await openBrowser({ width: 390, height: 844, touch: true });
      const { page } = browser;
      await signInAs(page, DEMO_USERS.employee.email, "en");
      await page.evaluate((id) => localStorage.setItem("kort.project", id), await demoProjectId());
      await page.goto(`${inject("baseUrl")}/app/cards/${card.id}`);
      const reason = page.locator('[data-testid="app-decline-reason"][data-code="RECEIPTS_MISSING"]');
      await reason.waitFor();
      expect(await reason.textContent()).toContain("receipts are missing");
      const notice = page.getByTestId("app-receipt-lock");
      await notice.waitFor();
      expect(Number(await notice.getAttribute("data-count"))).toBeGreaterThanOrEqual(1);
      await notice.getByTestId("app-receipt-lock-link").click();
      await page.waitForURL((url) => url.pathname === "/app/transactions" && url.search === "?todo=MissingReceipt");
      await page.locator('[data-testid="app-transactions"][data-todo="MissingReceipt"]').waitFor();
      await page.getByTestId("app-transaction-row").filter({ hasText: merchant }).waitFor();

      // The owner sees the holder among the locked on the Spend rules tab and lifts the lock for a day.
      await signInAs(page, DEMO_USERS.owner.email, "en");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${inject("baseUrl")}/accounting`);
      await page.getByTestId("tab-spend-rules").click();
      const row = page.getByTestId("receipt-lock-row").filter({ hasText: "Sigurður Ólafsson" });
      await row.getByTestId("receipt-lock-lift").click();
      await row.getByText("Lifted until").waitFor();
      expect(await authorize(card, { mcc: "5411", merchant: "Bónus" })).toEqual(
        expect.objectContaining({ approved: true }),
      );
    } finally {
      await setLock(null);
    }
  });
});
