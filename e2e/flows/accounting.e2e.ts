import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { useBrowsers } from "../support/browser-pool.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

/**
 * Issue 11, as the accountant: a category with a code, 24% VAT and two dimensions with values; edited (a value
 * renamed, a dimension removed, one added) with the code read-only; a 4th dimension refused on the basic plan and
 * allowed once the owner changes the plan; archived after the confirmation.
 */

const openAccounting = async (page: Page, email: string) => {
  const projectId = await demoProjectId();
  await signInAs(page, email, "is");
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}/accounting`);
  await page.getByTestId("accounting-page").waitFor();
};

const rowOf = (page: Page, code: string) => page.locator(`[data-testid="category-row"][data-category-code="${code}"]`);

/** Types a value into a dimension of the open panel and adds it with Enter. */
const addValue = async (page: Page, index: number, value: string) => {
  await page.getByTestId(`dimension-${index}-value-input`).fill(value);
  await page.getByTestId(`dimension-${index}-value-input`).press("Enter");
  await page
    .getByTestId(`dimension-${index}-values`)
    .locator(`[data-testid="dimension-value-chip"][data-value="${value}"]`)
    .waitFor();
};

const addDimension = async (page: Page, index: number, title: string, values: string[]) => {
  await page.getByTestId("add-dimension").click();
  await page.getByTestId(`dimension-${index}-title`).fill(title);
  for (const value of values) await addValue(page, index, value);
};

const openEdit = async (page: Page, code: string) => {
  await rowOf(page, code).getByTestId("category-actions").click();
  await page.getByTestId("category-edit").click();
  await page.getByTestId("category-form").waitFor();
};

const dimensionBadges = async (page: Page, code: string): Promise<string[]> =>
  (await rowOf(page, code).getByTestId("category-dimensions").locator(".mantine-Badge-label").allTextContents()).map(
    (text) => text.trim(),
  );

describe("accounting", () => {
  const open = useBrowsers();
  afterAll(async () => {
    await query("update projects set plan = 'basic' where id = $1", [await demoProjectId()]);
    await query("update projects set preferences = preferences - 'capture_tolerance' where id = $1", [
      await demoProjectId(),
    ]);
  });

  it("lets the owner, and only the owner, set how far a clearing may exceed its authorization, fuel and hotels apart", async () => {
    const owner = await open();
    await openAccounting(owner, "owner@demo.is");
    // The default: the larger of 20% and 5.000 kr.
    await owner.getByTestId("capture-tolerance-summary").getByText("20% eða 5.000 kr., hvort sem er hærra").waitFor();
    await owner.getByTestId("capture-tolerance-edit").click();
    const form = owner.getByTestId("capture-tolerance-form");
    await form.waitFor();
    const field = (kind: string, part: string) => form.getByTestId(`capture-tolerance-${kind}-${part}`);
    const shown = async () =>
      Promise.all(
        ["general", "fuel", "hotel"].flatMap((kind) =>
          ["percent", "minimum"].map((part) => field(kind, part).inputValue()),
        ),
      );
    expect(await shown()).toEqual(["20%", "5.000 kr.", "0%", "1.000 kr.", "25%", "25.000 kr."]);
    expect(await form.getByTestId("capture-tolerance-hotel").textContent()).toContain("MCC 7011 og 3501–3999");
    // Nothing changed yet: nothing to save.
    expect(await form.getByTestId("capture-tolerance-save").isDisabled()).toBe(true);
    await field("general", "percent").fill("10");
    await field("fuel", "minimum").fill("3000");
    await form.getByTestId("capture-tolerance-save").click();
    await owner.getByText("Almenn kaup: gjaldfærsla má nú fara 10% eða 5.000 kr. umfram heimild").waitFor();
    await owner.getByText("Eldsneyti: gjaldfærsla má nú fara 0% eða 3.000 kr. umfram heimild").waitFor();
    await form.waitFor({ state: "hidden" });
    await owner.getByTestId("capture-tolerance-summary").getByText("10% eða 5.000 kr., hvort sem er hærra").waitFor();
    const [row] = await query<{ tolerance: unknown }>(
      "select preferences -> 'capture_tolerance' as tolerance from projects where id = $1",
      [await demoProjectId()],
    );
    expect(row?.tolerance).toEqual({ percent: 10, minimum: 5000, fuel: { percent: 0, minimum: 3000 } });

    // The accountant reads the general one and has nothing to change it with.
    const accountant = await open();
    await openAccounting(accountant, "accountant@demo.is");
    await accountant
      .getByTestId("capture-tolerance-summary")
      .getByText("10% eða 5.000 kr.", { exact: false })
      .waitFor();
    expect(await accountant.getByTestId("capture-tolerance-edit").count()).toBe(0);
  });

  it("shows each tab's own button to create: a category's on the categories, a dimension's on the dimensions", async () => {
    const accountant = await open();
    await openAccounting(accountant, "accountant@demo.is");
    await accountant.getByTestId("categories-tab").getByTestId("create-category-button").waitFor();
    await accountant.getByTestId("tab-dimensions").click();
    await accountant.getByTestId("dimensions-tab").getByTestId("create-dimension").waitFor();
    expect(await accountant.getByTestId("create-category-button").count()).toBe(0);
  });

  it("lets the accountant create, edit and archive a category, within the plan's dimensions", async () => {
    const suffix = randomUUID().slice(0, 6);
    const title = `Ferðir erlendis ${suffix}`;
    const code = `2331-${suffix}`;
    const department = `Deild ${suffix}`;
    const project = `Verkefni ${suffix}`;
    const accountant = await open();
    await openAccounting(accountant, "accountant@demo.is");
    // The seeded chart is there, with its 24% default.
    await rowOf(accountant, "2360").getByTestId("category-tax").getByText("VSK24 · 24%").waitFor();

    // Create: code, default tax 24% and two dimensions with values.
    await accountant.getByTestId("create-category-button").click();
    await accountant.getByTestId("category-form").waitFor();
    await accountant.getByTestId("category-title-input").fill(title);
    await accountant.getByTestId("category-code-input").fill(code);
    await accountant.getByTestId("category-tax-select").click();
    await accountant.getByRole("option", { name: "VSK24 · 24%" }).click();
    await addDimension(accountant, 0, department, ["Sala", "Þróun"]);
    await addDimension(accountant, 1, project, ["Vefur", "App"]);
    await accountant.getByTestId("category-submit").click();
    await accountant.getByText(`Flokkurinn ${title} var stofnaður`).waitFor();
    await accountant.getByTestId("category-form").waitFor({ state: "hidden" });
    await accountant.getByTestId("category-search").fill(suffix);
    await rowOf(accountant, code).getByTestId("category-tax").getByText("VSK24 · 24%").waitFor();
    expect(await dimensionBadges(accountant, code)).toEqual([department, project]);
    expect(await accountant.evaluate(() => localStorage.getItem("kort.onboarding.category"))).toBe("created");

    // Edit: the code is read-only; rename a value, remove a dimension, add one.
    await openEdit(accountant, code);
    await expect(accountant.getByTestId("category-code-input").getAttribute("readonly")).resolves.not.toBeNull();
    await expect(accountant.getByTestId("category-code-input").inputValue()).resolves.toBe(code);
    await accountant.getByTestId("dimension-0-values").getByText("Sala", { exact: true }).click();
    await accountant.getByTestId("dimension-0-value-input").fill("Sölusvið");
    await accountant.getByTestId("dimension-0-value-input").press("Enter");
    await accountant
      .getByTestId("dimension-0-values")
      .locator('[data-testid="dimension-value-chip"][data-value="Sölusvið"]')
      .waitFor();
    await accountant.getByTestId("dimension-1-remove").click();
    await addDimension(accountant, 1, `Viðskiptavinur ${suffix}`, ["Landsvirkjun"]);
    await accountant.getByTestId("category-submit").click();
    await accountant.getByText(`Flokknum ${title} var breytt`).waitFor();
    await accountant.getByTestId("category-form").waitFor({ state: "hidden" });
    await expect.poll(() => dimensionBadges(accountant, code)).toEqual([department, `Viðskiptavinur ${suffix}`]);
    const values = await query<{ title: string }>(
      `select v.title from dimension_values v join dimensions d on d.id = v.dimension_id
       where d.title = $1 and v.deleted_at is null order by v.title`,
      [department],
    );
    expect(values.map((value) => value.title)).toEqual(["Sölusvið", "Þróun"]);

    // The basic plan: a third dimension fits, a fourth is refused.
    await openEdit(accountant, code);
    await addDimension(accountant, 2, `Þriðja ${suffix}`, ["A"]);
    await expect(accountant.getByTestId("add-dimension").isDisabled()).resolves.toBe(true);
    await accountant.getByTestId("dimension-limit-note").waitFor();
    await accountant.getByTestId("category-submit").click();
    await accountant.getByText(`Flokknum ${title} var breytt`).waitFor();
    await accountant.getByTestId("category-form").waitFor({ state: "hidden" });

    // The owner changes the plan; then the fourth dimension is allowed.
    const owner = await open();
    await openAccounting(owner, "owner@demo.is");
    await owner.getByTestId("plan-select").click();
    await owner.getByRole("option", { name: "Pro" }).click();
    await owner.getByText("Áskriftin er nú Pro").waitFor();

    await accountant.reload();
    await accountant.getByTestId("plan-summary").and(accountant.locator('[data-plan="pro"]')).waitFor();
    await accountant.getByTestId("category-search").fill(suffix);
    await openEdit(accountant, code);
    await expect(accountant.getByTestId("add-dimension").isDisabled()).resolves.toBe(false);
    await addDimension(accountant, 3, `Fjórða ${suffix}`, ["B"]);
    await accountant.getByTestId("category-submit").click();
    await accountant.getByText(`Flokknum ${title} var breytt`).waitFor();
    await expect.poll(async () => (await dimensionBadges(accountant, code)).length).toBe(4);

    // Archive after the confirmation: the row goes, the links with it.
    await rowOf(accountant, code).getByTestId("category-actions").click();
    await accountant.getByTestId("category-archive").click();
    await accountant.getByTestId("archive-category-confirm").click();
    await accountant.getByText(`Flokkurinn ${title} var settur í geymslu`).waitFor();
    await rowOf(accountant, code).waitFor({ state: "detached" });
    const [archived] = await query<{ deleted: boolean; links: number }>(
      `select c.deleted_at is not null as deleted,
        (select count(*)::int from category_dimensions l where l.category_id = c.id) as links
       from categories c where c.code = $1`,
      [code],
    );
    expect(archived).toEqual({ deleted: true, links: 0 });
  });
});
