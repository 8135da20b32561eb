import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query, withDb } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

/** `count` settled purchases made today on a demo card, under a merchant name no other test uses. */
const insertPurchases = async (projectId: string, merchant: string, count: number) => {
  await query(
    `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                               original_currency, transaction_amount, transaction_date, closed_at)
     select $1, c.id, c.cardholder_id, c.team_id, $2, $2, 2490 * n, 'ISK', 2490 * n, now() - interval '1 hour', now()
       from (select id, cardholder_id, team_id from cards where project_id = $1 order by created_at limit 1) c,
            generate_series(1, $3) n`,
    [projectId, merchant, count],
  );
};

const openExpenses = async (page: Page, projectId: string, search: string) => {
  await signInAs(page, "accountant@demo.is", "is");
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}/expenses?q=${encodeURIComponent(search)}`);
  await page.locator('[data-testid="ledger-row"]').first().waitFor();
};

describe("exports", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("lets the accountant export the filter to XLSX marked as booked, watch its progress bar, download it, and see the flags", async () => {
    const projectId = await demoProjectId();
    const merchant = `Útflutningsprófun ${randomUUID().slice(0, 8)}`;
    await insertPurchases(projectId, merchant, 3);
    browser = await openBrowser();
    const { page } = browser;
    await openExpenses(page, projectId, merchant);

    await page.getByTestId("export-open").click();
    const dialog = page.getByTestId("export-dialog");
    await dialog.waitFor();
    const count = page.getByTestId("export-count");
    await count.filter({ hasText: "3 uppgerðar færslur verða fluttar út." }).waitFor();
    expect(await page.getByTestId("export-mark-as-booked").isChecked()).toBe(true);

    // The purchases are held (row locks) while the export runs: it writes them all, then waits to stamp them as
    // booked, so the list shows the bar at 100% before the export completes (the suite's server waits 20 s for a
    // lock, global-setup.ts; the bar gets 12 s of it, since the export's task is fetched by polling).
    const row = page.getByTestId("export-row").first();
    await withDb(async (client) => {
      await client.query("begin");
      await client.query("select id from transactions where project_id = $1 and merchant_name = $2 for update", [
        projectId,
        merchant,
      ]);
      try {
        await page.getByTestId("export-create").click();
        // The list opens and follows the export (it asks again every second while it runs), with no reload.
        await row.waitFor();
        expect(await row.getAttribute("data-format")).toBe("XLSX");
        const bar = row.getByTestId("export-progress").getByRole("progressbar", { name: "100% lokið" });
        await bar.waitFor({ timeout: 12_000 });
        expect(await row.getAttribute("data-status")).not.toBe("completed");
      } finally {
        await client.query("commit");
      }
    });
    await page.locator('[data-testid="export-row"][data-status="completed"]').first().waitFor({ timeout: 20_000 });
    const downloading = page.waitForEvent("download");
    await row.getByTestId("export-download").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kort-faerslur-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.xlsx$/);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(2).getCell(5).value).toBe(merchant);
    expect(typeof sheet?.getRow(2).getCell(7).value).toBe("number");

    // The rows it wrote show the exported flag once it completed.
    await page.keyboard.press("Escape");
    await page.locator('[data-testid="ledger-row"] [data-flag="exported"]').nth(2).waitFor();
    expect(await page.locator('[data-testid="ledger-row"] [data-flag="exported"]').count()).toBe(3);

    // A second export leaving out booked rows has nothing to write, and says so before anything is sent.
    await page.getByTestId("export-open").click();
    await page.getByTestId("export-exclude-booked").check();
    await count.filter({ hasText: "Engar færslur eru til að flytja út." }).waitFor();
    expect(await page.getByTestId("export-create").isDisabled()).toBe(true);
  });

  it("lets the accountant set the journal exports' accounts on the accounting page, kept after a reload", async () => {
    const projectId = await demoProjectId();
    browser = await openBrowser();
    const { page } = browser;
    await signInAs(page, "accountant@demo.is", "en");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
    await page.goto(`${inject("baseUrl")}/accounting`);
    await page.getByTestId("tab-export-accounts").click();
    const liability = page.getByTestId("export-accounts-card_liability");
    await liability.waitFor();
    // The company's 24% tax category has its row; the account typed there is this test's own.
    const account = `2${String(Date.now()).slice(-3)}`;
    await page.getByTestId("export-accounts-rate-2400").fill(account);
    await liability.fill("");
    await page.getByTestId("export-accounts-save").click();
    // An empty account is refused by the form before anything is sent.
    expect(await liability.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await liability.fill("5121");
    await page.getByTestId("export-accounts-save").click();
    await page.getByTestId("toast-success").filter({ hasText: "Export accounts saved" }).waitFor();

    await page.reload();
    await page.getByTestId("tab-export-accounts").click();
    await page.getByTestId("export-accounts-card_liability").waitFor();
    expect(await page.getByTestId("export-accounts-card_liability").inputValue()).toBe("5121");
    expect(await page.getByTestId("export-accounts-rate-2400").inputValue()).toBe(account);
  });
});
