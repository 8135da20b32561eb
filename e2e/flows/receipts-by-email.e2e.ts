import { randomInt } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { mailReceipt } from "../support/receipt-mail.ts";
import { signInAs } from "../support/session.ts";

/** A purchase of `amount` kr. made an hour ago on the demo employee's card, without a receipt. */
const employeePurchase = async (projectId: string, amount: number): Promise<string> => {
  const [row] = await query<{ id: string }>(
    `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                               original_currency, transaction_amount, transaction_date, closed_at)
     select $1, c.id, c.cardholder_id, c.team_id, 'Hádegisverður', 'Kaffivagninn', $2, 'ISK', $2,
            now() - interval '1 hour', now()
       from cards c join users u on u.id = c.cardholder_id
      where c.project_id = $1 and u.email = 'employee@demo.is'
      order by c.created_at limit 1
     returning id`,
    [projectId, amount],
  );
  if (!row) throw new Error("The demo employee has no card");
  return row.id;
};

describe("receipts by e-mail", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("attaches a receipt the demo employee e-mails over SMTP to the matching purchase, and shows why", async () => {
    const projectId = await demoProjectId();
    const amount = randomInt(10_000, 99_999);
    const transactionId = await employeePurchase(projectId, amount);
    const today = new Date();
    const day = `${String(today.getUTCDate()).padStart(2, "0")}.${String(today.getUTCMonth() + 1).padStart(2, "0")}.${today.getUTCFullYear()}`;
    const shownAmount = `${amount.toLocaleString("de-DE")} kr.`;

    await mailReceipt({
      from: "employee@demo.is",
      subject: "Fwd: Kvittun frá Kaffivagninum",
      text: `Takk fyrir komuna!\nSamtals ${shownAmount}\n${day}`,
      fileName: "kvittun-kaffivagninn.png",
    });

    browser = await openBrowser();
    const { page } = browser;
    await signInAs(page, "accountant@demo.is", "is");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
    await page.goto(`${inject("baseUrl")}/expenses/${transactionId}`);
    const receipt = page.locator('[data-testid="receipt"][data-name="kvittun-kaffivagninn.png"]');
    await receipt.waitFor();
    const reason = receipt.getByTestId("receipt-match-reason");
    await reason.waitFor();
    expect(await reason.textContent()).toBe(`Parað eftir upphæð ${shownAmount} og dagsetningu ${day}`);
    expect(await page.getByTestId("receipts-address").textContent()).toContain("demo@kvittanir.kort.is");
  });
});
