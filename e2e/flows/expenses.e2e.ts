import { randomUUID } from "node:crypto";
import { billingPeriodDates, currentBillingPeriod } from "@kort/core";
import type { Locator, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { tillSlipPng } from "../../apps/server/src/modules/receipts/demo-receipts.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

/** The ledger's range when the URL names none: the current billing period, 27th to 26th. */
const period = () => billingPeriodDates(currentBillingPeriod(new Date()));

const openLedger = async (page: Page, email: string, projectId: string, search = "") => {
  await signInAs(page, email, "is");
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}/expenses${search}`);
  await page.getByTestId("expenses-page").waitFor();
};

/** The table takes clicks again (it is disabled while an update lands and 350 ms after). */
const tableReady = (page: Page) => page.locator('[data-testid="ledger-table"][data-disabled="false"]').waitFor();

const rowOf = (page: Page, merchant: string) => page.locator(`[data-testid="ledger-row"][data-merchant="${merchant}"]`);

/** Ids of the rows in the table; the viewport is tall enough that every row of the demo period is rendered. */
const shownIds = (page: Page) =>
  page.getByTestId("ledger-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id") ?? ""));

/** An uncategorised purchase made `days` ago (default today) on a demo card of the given team, with a merchant name of its own. */
const insertPurchase = async (projectId: string, teamName: string, merchant: string, days = 0): Promise<string> => {
  const [row] = await query<{ id: string }>(
    `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                               original_currency, transaction_amount, transaction_date, closed_at)
     select $1, c.id, c.cardholder_id, c.team_id, $3, $3, 12990, 'ISK', 12990,
            now() - interval '1 hour' - make_interval(days => $4), now() - make_interval(days => $4)
       from cards c join teams t on t.id = c.team_id
      where c.project_id = $1 and t.name = $2
      order by c.created_at limit 1
     returning id`,
    [projectId, teamName, merchant, days],
  );
  if (!row) throw new Error(`No demo card in team ${teamName}`);
  return row.id;
};

/** A 1x1 transparent PNG, and a minimal PDF to rename as one. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const MINIMAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** YYYY-MM-DD of a day `days` before today (UTC). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe("expenses ledger", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("lets the accountant filter MissingCategory, see the count, categorise a transaction and see it leave", async () => {
    browser = await openBrowser({ height: 2400 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const merchant = `Flokkunarprófun ${randomUUID().slice(0, 8)}`;
    await insertPurchase(projectId, "Sala", merchant);
    const { from, to } = period();
    const [expected] = await query<{ count: string }>(
      `select count(*) from transactions
        where project_id = $1 and category_id is null
          and transaction_date >= $2::date and transaction_date < $3::date + 1`,
      [projectId, from, to],
    );
    const uncategorised = Number(expected?.count);
    expect(uncategorised).toBeGreaterThan(0);

    await openLedger(page, "accountant@demo.is", projectId);
    await page.getByTestId("ledger-todo-MissingCategory").click();
    await page.waitForURL((url) => url.searchParams.get("todo") === "MissingCategory");
    await page.getByTestId("ledger-todo-count-MissingCategory").getByText(String(uncategorised)).waitFor();
    await page.locator('[data-testid="ledger-todo-MissingCategory"][aria-pressed="true"]').waitFor();
    await expect.poll(() => page.getByTestId("ledger-row").count()).toBe(uncategorised);
    await tableReady(page);
    await rowOf(page, merchant).waitFor();
    // Every row shown breaks the rule.
    expect(await page.locator('[data-testid="ledger-row"] [data-flag="MissingCategory"]').count()).toBe(uncategorised);

    // The panel opens from the row, at a link of its own that keeps the filter.
    await rowOf(page, merchant).click();
    await page.getByTestId("transaction-details").waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toMatch(/^\/expenses\/[0-9a-f-]{36}$/);
    expect(url.searchParams.get("todo")).toBe("MissingCategory");
    await page.getByTestId("panel-merchant").getByText(merchant).waitFor();
    await page.getByTestId("panel-amount").getByText("12.990 kr.").waitFor();
    await page.getByTestId("panel-violations").locator('[data-rule="MissingCategory"]').waitFor();

    await page.getByTestId("panel-category").click();
    const option = page.getByRole("option").first();
    const chosen = (await option.textContent()) ?? "";
    await option.click();
    await page.getByText("Flokkur færslunnar vistaður").waitFor();
    await page.getByTestId("panel-violations").getByText("Engin").waitFor();

    // The transaction has its category and no longer belongs to the todo list; the count follows.
    await rowOf(page, merchant).waitFor({ state: "detached" });
    await page
      .getByTestId("ledger-todo-count-MissingCategory")
      .getByText(String(uncategorised - 1))
      .waitFor();
    const [saved] = await query<{ title: string; code: string }>(
      `select c.title, c.code from transactions t join categories c on c.id = t.category_id where t.merchant_name = $1`,
      [merchant],
    );
    expect(chosen).toBe(`${saved?.title} (${saved?.code})`);

    // Closing the panel returns to the filtered list.
    await page.keyboard.press("Escape");
    await page.waitForURL(
      (next) => next.pathname === "/expenses" && next.searchParams.get("todo") === "MissingCategory",
    );
  });

  it("shows a team admin only their team's transactions and their own", async () => {
    browser = await openBrowser({ height: 2400 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const elsewhere = `Þróunarkaup ${randomUUID().slice(0, 8)}`;
    await insertPurchase(projectId, "Þróun", elsewhere);
    const { from, to } = period();
    const visibleSql = `select t.id from transactions t
        where t.project_id = $1 and t.transaction_date >= $2::date and t.transaction_date < $3::date + 1
          and (t.team_id in (select m.team_id from team_members m join users u on u.id = m.user_id
                              where u.email = 'teamadmin@demo.is' and m.is_admin)
               or t.user_id = (select id from users where email = 'teamadmin@demo.is'))`;
    const visible = await query<{ id: string }>(visibleSql, [projectId, from, to]);
    expect(visible.length).toBeGreaterThan(0);
    expect(visible.length).toBeLessThan(40);

    await openLedger(page, "teamadmin@demo.is", projectId);
    await tableReady(page);
    await page.getByTestId("ledger-row").first().waitFor();
    expect((await shownIds(page)).sort()).toEqual(visible.map((row) => row.id).sort());
    expect(await rowOf(page, elsewhere).count()).toBe(0);

    // "All in the filter" counts on the server what the team admin may read, not the company.
    // Other flows may book a purchase on the team meanwhile: the count lies between the rows read before and the
    // team admin's rows counted after, far below the company's.
    await page.getByTestId("ledger-select-all").check();
    // The bar shows the server's count, or why it has none: either ends the wait, and the bar's text says which.
    const bar = page.getByTestId("ledger-selection-bar");
    await bar.getByTestId("ledger-selection-count").or(bar.getByRole("alert")).first().waitFor();
    const shown = (await bar.textContent()) ?? "";
    const selected = Number(/(\d+)\s+færsl(?:ur valdar|a valin)/.exec(shown)?.[1]);
    const after = await query<{ id: string }>(visibleSql, [projectId, from, to]);
    expect(selected, shown).toBeGreaterThanOrEqual(visible.length);
    expect(selected, shown).toBeLessThanOrEqual(after.length);

    // A link asking for the other team's rows gets none of them.
    const [other] = await query<{ id: string }>("select id from teams where project_id = $1 and name = 'Þróun'", [
      projectId,
    ]);
    await page.goto(`${inject("baseUrl")}/expenses?team=${other?.id}&q=${encodeURIComponent(elsewhere)}`);
    await page.getByText("Engar færslur á þessu tímabili").waitFor();
  });

  it("lets the accountant upload a PNG receipt, see the transaction leave MissingReceipt, and refuses a renamed PDF", async () => {
    browser = await openBrowser({ height: 2400 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const merchant = `Kvittunarprófun ${randomUUID().slice(0, 8)}`;
    // Past the receipt grace period (7 days), so it breaks MissingReceipt.
    const id = await insertPurchase(projectId, "Sala", merchant, 10);
    const search = `?fromDate=${daysAgo(30)}&toDate=${daysAgo(0)}&todo=MissingReceipt&q=${encodeURIComponent(merchant)}`;

    await openLedger(page, "accountant@demo.is", projectId, search);
    await tableReady(page);
    await rowOf(page, merchant).locator('[data-flag="MissingReceipt"]').waitFor();
    await rowOf(page, merchant).click();
    await page.getByTestId("transaction-details").waitFor();
    await page.getByTestId("panel-violations").locator('[data-rule="MissingReceipt"]').waitFor();
    await page.getByTestId("receipts-empty").waitFor();

    // Book it: a category asking for two dimensions, a value of each, and the tax category; each saves on its own.
    const [category] = await query<{ id: string; title: string; code: string }>(
      `select c.id, c.title, c.code from categories c
        where c.project_id = $1 and c.enabled and c.deleted_at is null and c."group" = 'Default'
          and (select count(*) from category_dimensions cd where cd.category_id = c.id) >= 2
        order by c.code limit 1`,
      [projectId],
    );
    if (!category) throw new Error("The demo chart has no category with two dimensions");
    const dimensions = await query<{ id: string; title: string; value_id: string; value: string }>(
      `select distinct on (d.id) d.id, d.title, v.id as value_id, v.title as value
         from category_dimensions cd join dimensions d on d.id = cd.dimension_id
         join dimension_values v on v.dimension_id = d.id and v.enabled and v.deleted_at is null
        where cd.category_id = $1 order by d.id, v.title`,
      [category.id],
    );
    const choose = async (field: Locator, option: string | RegExp) => {
      await field.click();
      await page
        .getByRole("option", typeof option === "string" ? { name: option, exact: true } : { name: option })
        .click();
    };
    await choose(page.getByTestId("panel-category"), `${category.title} (${category.code})`);
    await page.getByText("Flokkur færslunnar vistaður").first().waitFor();
    for (const [index, dimension] of dimensions.slice(0, 2).entries()) {
      await choose(
        page.locator(`[data-testid="panel-dimension"][data-dimension="${dimension.title}"]`),
        dimension.value,
      );
      await page.getByText("Víddir færslunnar vistaðar").nth(index).waitFor();
    }
    // Choosing the category set its default VAT (24%); the reduced rate is a change of its own.
    await choose(page.getByTestId("panel-tax-category"), /^VSK11 /);
    await page.getByText("Skattflokkur færslunnar vistaður").first().waitFor();
    const [booked] = await query<{ category_id: string; code: string; values: string }>(
      `select t.category_id, tc.code,
              (select count(*) from transaction_dimension_values v where v.transaction_id = t.id)::text as values
         from transactions t join tax_categories tc on tc.id = t.tax_category_id where t.id = $1`,
      [id],
    );
    expect(booked).toEqual({ category_id: category.id, code: "VSK11", values: "2" });

    // A PDF named .png is refused by its content, with the reason, and nothing is stored.
    await page.getByTestId("receipt-input").setInputFiles({
      name: "kvittun.png",
      mimeType: "image/png",
      buffer: MINIMAL_PDF,
    });
    await page.getByText("Efni skrárinnar passar ekki við nafn hennar", { exact: false }).waitFor();
    await page.getByText("Villa við að hlaða upp kvittun.png", { exact: false }).waitFor();
    expect(await page.getByTestId("receipt").count()).toBe(0);

    // A real PNG is stored, listed, and the transaction leaves the MissingReceipt list.
    await page.getByTestId("receipt-input").setInputFiles({ name: "nota.png", mimeType: "image/png", buffer: PNG_1X1 });
    await page.getByText("Kvittun nota.png hlaðið upp").waitFor();
    await page.locator('[data-testid="receipt"][data-name="nota.png"]').waitFor();
    await rowOf(page, merchant).waitFor({ state: "detached" });
    await page.getByTestId("panel-violations").locator('[data-rule="MissingReceipt"]').waitFor({ state: "detached" });
    const stored = await query<{ file_name: string }>(
      "select file_name from receipts where transaction_id = $1 and deleted_at is null",
      [id],
    );
    expect(stored.map((row) => row.file_name)).toEqual(["nota.png"]);

    // The image opens in a preview.
    await page.getByTestId("receipt-open").click();
    await page.getByTestId("receipt-preview").waitFor();
    await page.locator(".mantine-Modal-close").click();
    await page.getByTestId("receipt-preview").waitFor({ state: "detached" });

    // Removed after a confirmation, the transaction misses its receipt again.
    await page.getByTestId("receipt-remove").click();
    await page.getByTestId("receipt-remove-confirm").click();
    await page.getByText("Kvittun nota.png fjarlægð").waitFor();
    await page.getByTestId("receipts-empty").waitFor();
    await page.getByTestId("panel-violations").locator('[data-rule="MissingReceipt"]').waitFor();
  });

  it("reads an uploaded receipt photo on the server: its total and date in the panel, a total that disagrees flagged", async () => {
    browser = await openBrowser({ height: 2400 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const merchant = `Lestrarprófun ${randomUUID().slice(0, 8)}`;
    const id = await insertPurchase(projectId, "Sala", merchant, 2);
    const [purchase] = await query<{ day: string }>(
      "select to_char(transaction_date, 'DD.MM.YYYY') as day from transactions where id = $1",
      [id],
    );
    const slip = (total: string) =>
      tillSlipPng([
        merchant.slice(0, 14),
        "Kt. 540595-2409",
        purchase?.day ?? "",
        "",
        `Samtals     ${total}`,
        "VSK 24%     2.514 kr.",
      ]);
    await openLedger(
      page,
      "accountant@demo.is",
      projectId,
      `?fromDate=${daysAgo(30)}&toDate=${daysAgo(0)}&q=${encodeURIComponent(merchant)}`,
    );
    await tableReady(page);
    await rowOf(page, merchant).click();
    await page.getByTestId("transaction-details").waitFor();

    await page
      .getByTestId("receipt-input")
      .setInputFiles({ name: "mynd.png", mimeType: "image/png", buffer: await slip("12.990 kr.") });
    const read = page.locator('[data-testid="receipt"][data-name="mynd.png"]').getByTestId("receipt-reading");
    await read
      .getByText(`Lesið af kvittuninni: 12.990 kr., ${purchase?.day}, VSK 24% 2.514 kr.`)
      .waitFor({ timeout: 30_000 });
    expect(
      await page
        .locator('[data-testid="receipt"][data-name="mynd.png"]')
        .getByTestId("receipt-reading-disagrees")
        .count(),
    ).toBe(0);

    await page
      .getByTestId("receipt-input")
      .setInputFiles({ name: "rong.png", mimeType: "image/png", buffer: await slip("15.990 kr.") });
    const wrong = page.locator('[data-testid="receipt"][data-name="rong.png"]');
    await wrong.getByTestId("receipt-reading").getByText("15.990 kr.", { exact: false }).waitFor({ timeout: 30_000 });
    await wrong
      .locator('[data-testid="receipt-reading-disagrees"][data-kind="TOTAL"]')
      .getByText("Upphæð kvittunarinnar er ekki upphæð færslunnar")
      .waitFor();
  });

  it("lets the accountant set the category and the tax category of picked rows at once", async () => {
    browser = await openBrowser({ height: 2400 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const prefix = `Magnflokkun ${randomUUID().slice(0, 8)}`;
    const ids = [
      await insertPurchase(projectId, "Sala", `${prefix} A`),
      await insertPurchase(projectId, "Sala", `${prefix} B`),
    ];
    await openLedger(page, "accountant@demo.is", projectId, `?q=${encodeURIComponent(prefix)}`);
    await tableReady(page);
    await expect.poll(() => page.getByTestId("ledger-row").count()).toBe(2);
    for (const merchant of [`${prefix} A`, `${prefix} B`]) {
      await rowOf(page, merchant).getByTestId("ledger-row-select").click();
    }
    await page.getByTestId("ledger-selection-count").getByText("2 færslur valdar").waitFor();

    await page.getByTestId("ledger-bulk-category").click();
    await page.getByTestId("ledger-bulk-value").click();
    await page.getByRole("option").first().click();
    await page.getByTestId("ledger-bulk-apply").click();
    await page.getByText("Flokkur settur á 2 færslur").waitFor();

    await page.getByTestId("ledger-bulk-taxCategory").click();
    await page.getByTestId("ledger-bulk-value").click();
    await page.getByRole("option").first().click();
    await page.getByTestId("ledger-bulk-apply").click();
    await page.getByText("Skattflokkur settur á 2 færslur").waitFor();

    const saved = await query<{ category_id: string | null; tax_category_id: string | null }>(
      "select category_id, tax_category_id from transactions where id = any($1::uuid[])",
      [ids],
    );
    expect(saved).toHaveLength(2);
    for (const row of saved) {
      expect(row.category_id).not.toBeNull();
      expect(row.tax_category_id).not.toBeNull();
    }
  });

  it("shows each row's own purchase as rows are recycled down a long range, and drops the focus of a row that moves on", async () => {
    browser = await openBrowser();
    const { page } = browser;
    const projectId = await demoProjectId();
    // 120 small purchases of their own in a day far in the past, ten minutes apart: newest first, row k shows
    // purchase k, of k kr.
    const marker = `Endurnýting ${randomUUID().slice(0, 8)}`;
    const day = "2019-05-15";
    const count = 120;
    await query(
      `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                 original_currency, transaction_amount, transaction_date, closed_at)
       select c.project_id, c.id, c.cardholder_id, c.team_id, $2 || ' ' || lpad(g::text, 3, '0'),
              $2 || ' ' || lpad(g::text, 3, '0'), g, 'ISK', g,
              $3::timestamptz + interval '23 hours' - make_interval(mins => g * 10), $3::timestamptz + interval '1 day'
         from (select * from cards where project_id = $1 order by created_at limit 1) c, generate_series(1, $4::int) g`,
      [projectId, marker, `${day}T00:00:00Z`, count],
    );
    try {
      await openLedger(page, "accountant@demo.is", projectId, `?fromDate=${day}&toDate=${day}`);
      await tableReady(page);
      const first = rowOf(page, `${marker} 001`);
      await first.waitFor();
      const firstId = await first.getAttribute("data-id");
      await first.focus();

      // To the end, past the first page: the first row's elements now show another purchase.
      const scroller = page.getByTestId("ledger-table");
      const lastRow = page.locator('[data-testid="ledger-row"][aria-rowindex="121"]');
      await expect
        .poll(async () => {
          await scroller.evaluate((element) => {
            element.scrollTop = element.scrollHeight;
          });
          return lastRow.count();
        })
        .toBe(1);
      await lastRow.getByTestId("ledger-amount").getByText("120 kr.", { exact: true }).waitFor();
      await expect.poll(() => shownIds(page).then((ids) => ids.includes(firstId ?? ""))).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id") ?? null)).toBeNull();

      // Back up, eight rows a frame as a fast wheel goes: the rows that leave at the bottom are recycled in place
      // for the ones coming in at the top. The last row had the focus; no other purchase may take it over.
      await lastRow.focus();
      const lastId = await lastRow.getAttribute("data-id");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id") ?? null)).toBe(lastId);
      for (let jump = 0; jump < 6; jump++) {
        await scroller.evaluate(async (element) => {
          element.scrollTop -= 8 * 52;
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        });
      }
      await expect.poll(() => lastRow.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-id") ?? null)).toBeNull();

      // Every row in the page shows the purchase of its place (aria-rowindex counts the header as row 1).
      const shown = await page
        .getByTestId("ledger-row")
        .evaluateAll((rows) =>
          rows.map((row) => [row.getAttribute("aria-rowindex"), row.getAttribute("data-merchant")]),
        );
      expect(shown.length).toBeGreaterThan(10);
      for (const [rowIndex, merchant] of shown) {
        expect(merchant).toBe(`${marker} ${String(Number(rowIndex) - 1).padStart(3, "0")}`);
      }
    } finally {
      await query("delete from transactions where project_id = $1 and merchant_name like $2", [
        projectId,
        `${marker} %`,
      ]);
    }
  });
});
