import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { authorize, clear, issueEmployeeCard } from "../support/card-network.ts";
import { demoProjectId, query } from "../support/db.ts";
import { insertUser } from "../support/people.ts";
import { signInAs } from "../support/session.ts";

/**
 * Issue 13's review of a clearing far above its authorization, as an owner meets it: the bell says so, the notice
 * opens the purchase with the broken rule, the card is locked, and the owner lifts the lock on the card's page.
 */
describe("a clearing far above its authorization", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("tells the owners, opens the purchase from the notice, and the owner unlocks the card after review", async () => {
    // An owner of the demo company of this test's own, so the bell holds this test's notice alone.
    const owner = await insertUser({ projectId: await demoProjectId(), role: "project_owner" });
    const cardName = `Yfirferð ${randomUUID().slice(0, 6)}`;
    const card = await issueEmployeeCard(cardName);
    const merchant = `Verslun ${randomUUID().slice(0, 6)}`;
    const approved = await authorize(card, { amount: 1_000, merchant });
    expect(approved.approved).toBe(true);
    // 60.000 kr. on 1.000 kr. authorized: 59.000 kr. above, past the default of 20% or 5.000 kr.
    const { transaction_id: purchase } = await clear(approved.id ?? "", 60_000);

    browser = await openBrowser();
    const { page } = browser;
    await signInAs(page, owner.email, "is");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), await demoProjectId());
    // The locked cards list marks the card as under review.
    await page.goto(`${inject("baseUrl")}/cards?status=LOCKED`);
    const listed = page.locator("tr", { has: page.getByTestId("card-link").getByText(cardName, { exact: true }) });
    await listed.getByTestId("card-under-review").getByText("Til yfirferðar").waitFor();
    await page.getByTestId("notification-count").locator(".mantine-Indicator-indicator").getByText("1").waitFor();
    await page.getByTestId("notification-bell").click();
    const notice = page.getByTestId("notification-list").getByTestId("notification");
    await notice.getByText("Færsla var gerð upp 59.000 kr. yfir heimild; kortinu var læst til yfirferðar.").waitFor();
    await notice.click();

    // The notice opens the purchase: the 60.000 kr. and the rule it breaks.
    await page.waitForURL((url) => url.pathname === `/expenses/${purchase}`);
    const details = page.locator(`[data-testid="transaction-details"][data-id="${purchase}"]`);
    await details.getByTestId("panel-amount").getByText("60.000 kr.").waitFor();
    await details
      .getByTestId("panel-violations")
      .locator('[data-rule="CaptureExcess"]')
      .getByText("Gjaldfært umfram heimild")
      .waitFor();

    const excess = details.getByTestId("panel-capture-excess");
    await excess
      .getByText("Heimild var 1.000 kr. en gert var upp 60.000 kr., 59.000 kr. umfram.", { exact: false })
      .waitFor();
    expect(await details.getByTestId("panel-authorized").textContent()).toBe("1.000 kr.");

    // The card is locked until an owner has looked: the network's next purchase is declined.
    expect(await authorize(card, { amount: 500 })).toMatchObject({ approved: false });
    await excess.getByTestId("panel-capture-excess-card").click();
    await page.waitForURL((url) => url.pathname === `/cards/${card.id}`);
    await page.getByTestId("card-page").waitFor();
    // The card's page says why it is locked, for an administrator who comes to it without the notice.
    const review = page.getByTestId("card-review");
    await review
      .getByText(`Færsla hjá ${merchant} var gerð upp 60.000 kr. en heimild var 1.000 kr., 59.000 kr. umfram.`, {
        exact: false,
      })
      .waitFor();
    expect(await review.getByTestId("card-review-purchase").getAttribute("href")).toBe(`/expenses/${purchase}`);
    await page.getByTestId("card-action-unlock").click();
    await page.getByTestId("card-action-lock").waitFor();
    // Unlocked, the card has nothing under review.
    await review.waitFor({ state: "detached" });
    const [row] = await query<{ status: string }>("select status from cards where id = $1", [card.id]);
    expect(row?.status).toBe("ACTIVE");
    expect(await authorize(card, { amount: 500 })).toMatchObject({ approved: true });
  });
});
