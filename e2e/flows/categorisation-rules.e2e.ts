import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { DEMO_USERS } from "../../apps/server/src/app/seed/seed-data.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { authorize, clear, issueEmployeeCard, type NetworkCard } from "../support/card-network.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

/**
 * Issue 19, as the accountant: the same merchant categorised three times makes Kort propose a rule; once accepted,
 * the next purchase there arrives from the card network categorised, and the panel names the rule. A rule written on
 * the Rules tab sets a dimension value too; turned off, it no longer categorises.
 */

/** A card of the demo employee's with room for every purchase of a test. */
const employeeCard = () => issueEmployeeCard(`Reglukort ${randomUUID().slice(0, 6)}`, 500_000);

/** A purchase authorized and cleared by the card network at a fast-food place; answers the transaction id. */
const purchase = async (card: NetworkCard, merchant: string, amount: number): Promise<string> => {
  const authorization = await authorize(card, { amount, mcc: "5814", merchant });
  expect(authorization.approved).toBe(true);
  return (await clear(authorization.id ?? "", amount)).transaction_id;
};

const openPanel = async (page: Page, id: string) => {
  await page.goto(`${inject("baseUrl")}/expenses/${id}`);
  await page.getByTestId("transaction-details").waitFor();
};

describe("categorisation rules", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("proposes a rule after three categorisations; accepted, the next settlement arrives categorised by it", async () => {
    browser = await openBrowser({ height: 1600 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const card = await employeeCard();
    // Letters only, so the merchant's key is the whole name (store numbers would be dropped).
    const merchant = `Kaffihús ${randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 6)}x`;
    const first = [
      await purchase(card, merchant, 1290),
      await purchase(card, `${merchant} 02`, 1590),
      await purchase(card, merchant.toUpperCase(), 990),
    ];

    await signInAs(page, DEMO_USERS.accountant.email, "is");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
    let chosen = "";
    for (const id of first) {
      await openPanel(page, id);
      await page.getByTestId("panel-category").click();
      const option = chosen
        ? page.getByRole("option", { name: chosen, exact: true })
        : page.getByRole("option").first();
      chosen = chosen || ((await option.textContent()) ?? "");
      await option.click();
      await page.getByText("Flokkur færslunnar vistaður").first().waitFor();
      await expect.poll(async () => (await page.getByTestId("panel-category").inputValue()) === chosen).toBe(true);
    }
    expect(chosen).not.toBe("");

    // The accounting page's Rules tab shows the proposal; the accountant accepts it.
    await page.goto(`${inject("baseUrl")}/accounting`);
    await page.getByTestId("accounting-page").waitFor();
    await page.getByTestId("tab-rules").click();
    const proposal = page.locator(`[data-testid="rule-proposal"][data-merchant="${merchant.toUpperCase()}"]`);
    await proposal.waitFor();
    await proposal.getByTestId("rule-proposal-accept").click();
    await proposal.waitFor({ state: "detached" });
    const rule = page.locator(`[data-testid="rule-row"][data-pattern="${merchant.toLowerCase()}"]`);
    await rule.waitFor();
    const [stored] = await query<{ name: string }>(
      "select name from categorisation_rules where project_id = $1 and pattern = $2 and deleted_at is null",
      [projectId, merchant.toLowerCase()],
    );
    expect(stored?.name).toBe(merchant.toUpperCase());

    // The next purchase from that merchant settles categorised, and the panel says which rule did it.
    const next = await purchase(card, `${merchant} 7`, 2190);
    await openPanel(page, next);
    await expect.poll(() => page.getByTestId("panel-category").inputValue()).toBe(chosen);
    await page.getByTestId("panel-categorised-by-rule").getByText(`Flokkað af reglu: ${stored?.name}`).waitFor();
  });

  it("a rule written with a dimension value categorises the next settlement; turned off, the next arrives uncategorised", async () => {
    browser = await openBrowser({ height: 1600 });
    const { page } = browser;
    const projectId = await demoProjectId();
    const card = await employeeCard();
    // This test's own category, asking for its own dimension with one value.
    const tag = randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 6);
    const title = `Reglupróf ${tag}`;
    const code = `R-${randomUUID().slice(0, 8)}`;
    const [category] = await query<{ id: string }>(
      `insert into categories (project_id, title, code) values ($1, $2, $3) returning id`,
      [projectId, title, code],
    );
    const [dimension] = await query<{ id: string }>(
      `insert into dimensions (project_id, title) values ($1, $2) returning id`,
      [projectId, `Vídd ${tag}`],
    );
    const [value] = await query<{ id: string }>(
      `insert into dimension_values (project_id, dimension_id, title) values ($1, $2, $3) returning id`,
      [projectId, dimension?.id, `Gildi ${tag}`],
    );
    await query(`insert into category_dimensions (project_id, category_id, dimension_id) values ($1, $2, $3)`, [
      projectId,
      category?.id,
      dimension?.id,
    ]);
    const merchant = `Bakarí ${tag}x`;

    await signInAs(page, DEMO_USERS.accountant.email, "is");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
    await page.goto(`${inject("baseUrl")}/accounting`);
    await page.getByTestId("accounting-page").waitFor();
    await page.getByTestId("tab-rules").click();
    const choose = async (field: Locator, option: string) => {
      await field.click();
      await page.getByRole("option", { name: option, exact: true }).click();
    };
    const form = page.getByTestId("rule-form");
    await form.getByTestId("rule-pattern").fill(merchant);
    await choose(form.getByTestId("rule-category"), `${title} (${code})`);
    await choose(form.locator(`[data-testid="rule-dimension"][data-dimension="Vídd ${tag}"]`), `Gildi ${tag}`);
    await form.getByRole("button", { name: "Bæta við reglu" }).click();
    await page.getByText(`Reglunni ${merchant} var bætt við.`).waitFor();
    const row = page.locator(`[data-testid="rule-row"][data-pattern="${merchant.toLowerCase()}"]`);
    await row.getByTestId("rule-values").getByText(`Vídd ${tag}: Gildi ${tag}`).waitFor();
    const [stored] = await query<{ id: string; dimension_value_ids: string[]; active: boolean }>(
      `select id, dimension_value_ids, active from categorisation_rules
        where project_id = $1 and pattern = $2 and deleted_at is null`,
      [projectId, merchant.toLowerCase()],
    );
    expect(stored).toMatchObject({ dimension_value_ids: [value?.id], active: true });

    // A name with no letter or digit is refused in the form; a second rule for the merchant, by the server's code.
    const add = form.getByRole("button", { name: "Bæta við reglu" });
    // The form empties itself once the rule is added; typed into before that, the text would be wiped.
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('[data-testid="rule-form"] [data-testid="rule-pattern"]')?.value ===
        "",
    );
    await form.getByTestId("rule-pattern").fill("*!*");
    await form.getByText("Heiti söluaðila þarf að innihalda bókstaf eða tölustaf.").waitFor();
    expect(await add.isDisabled()).toBe(true);
    await form.getByTestId("rule-pattern").fill(merchant.toUpperCase());
    await choose(form.getByTestId("rule-tax"), "VSK11");
    await add.click();
    await page
      .getByText("Villa við að bæta við reglu: Fyrirtækið er þegar með reglu fyrir þennan söluaðila eða MCC.")
      .waitFor();

    // The next purchase there settles with the category and the dimension value, and names the rule.
    const categorised = await purchase(card, merchant, 1850);
    await openPanel(page, categorised);
    await expect.poll(() => page.getByTestId("panel-category").inputValue()).toBe(`${title} (${code})`);
    await expect
      .poll(() => page.locator(`[data-testid="panel-dimension"][data-dimension="Vídd ${tag}"]`).inputValue())
      .toBe(`Gildi ${tag}`);
    await page.getByTestId("panel-categorised-by-rule").getByText(`Flokkað af reglu: ${merchant}`).waitFor();

    // The accountant renames the rule in its editor, then turns it off in the table.
    await page.goto(`${inject("baseUrl")}/accounting`);
    await page.getByTestId("tab-rules").click();
    await row.getByTestId("rule-edit").click();
    const editor = page.getByTestId("rule-edit-form");
    await expect.poll(() => editor.getByTestId("rule-name").inputValue()).toBe(merchant);
    await editor.getByTestId("rule-name").fill(`Bakaríið ${tag}`);
    await editor.getByTestId("rule-save").click();
    await page.getByText(`Reglan Bakaríið ${tag} var vistuð.`).waitFor();
    await editor.waitFor({ state: "detached" });
    await row.getByText(`Bakaríið ${tag}`, { exact: true }).waitFor();
    // The switch's input is covered by its track (a label of no text in a table cell): a person clicks the track.
    const active = row.getByTestId("rule-active");
    expect(await active.isChecked()).toBe(true);
    await active.locator("xpath=..").click();
    await page.getByText(`Slökkt var á reglunni Bakaríið ${tag}`, { exact: false }).waitFor();
    await page
      .locator(`[data-testid="rule-row"][data-pattern="${merchant.toLowerCase()}"][data-active="false"]`)
      .waitFor();
    const [off] = await query<{ active: boolean; dimension_value_ids: string[] }>(
      "select active, dimension_value_ids from categorisation_rules where id = $1",
      [stored?.id],
    );
    expect(off).toEqual({ active: false, dimension_value_ids: [value?.id] });

    // Off, it no longer categorises: the next purchase arrives with no category, value or rule.
    const uncategorised = await purchase(card, merchant, 990);
    await openPanel(page, uncategorised);
    expect(await page.getByTestId("panel-category").inputValue()).toBe("");
    expect(await page.getByTestId("panel-categorised-by-rule").count()).toBe(0);
    const [settled] = await query<{ category_id: string | null; rule: string | null; values: number }>(
      `select category_id, categorised_by_rule_id as rule,
              (select count(*)::int from transaction_dimension_values v where v.transaction_id = t.id) as values
         from transactions t where t.id = $1`,
      [uncategorised],
    );
    expect(settled).toEqual({ category_id: null, rule: null, values: 0 });
  });
});
