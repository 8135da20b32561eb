import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowsers } from "../support/browser-pool.ts";
import { query } from "../support/db.ts";
import { uniqueEmail } from "../support/people.ts";
import { openAsCompanyOwner } from "../support/session.ts";
import { signUpCompanyOverApi } from "../support/sign-up-api.ts";

/**
 * The onboarding checklist (spec 2, issue 16): a brand-new owner sees it open by itself, does its four items
 * through the real create flows, sees each checked, and is congratulated once.
 */

/** The platform approves the company with credit, so its owner can issue cards (platform.e2e.ts does it by hand). */
const approve = (projectId: string) =>
  query("update projects set approval_status = 'approved', credit_limit = 5000000 where id = $1", [projectId]);

const waitEnabled = (page: Page, testId: string) =>
  page.waitForFunction(
    (id) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)?.disabled === false,
    testId,
  );

const texts = {
  is: {
    letsGo: "Af stað! Nokkur skref til að koma fyrirtækinu af stað.",
    left: (n: number) => `${n} af 4 skrefum eftir`,
    congratulations: "Til hamingju!",
    items: ["Stofna kort", "Bjóða starfsfólki", "Stofna bókhaldslykil", "Stofna teymi"],
  },
  en: {
    letsGo: "Let's go! A few steps to get your company going.",
    left: (n: number) => `${n} of 4 steps left`,
    congratulations: "Congratulations!",
    items: ["Create a card", "Invite team members", "Create a category", "Create a team"],
  },
} as const;

/** Opens the checklist from its icon and answers its items' done flags in order. */
const openChecklist = async (page: Page) => {
  await page.getByTestId("checklist-button").click();
  await page.getByTestId("checklist-body").waitFor();
};

const doneFlags = (page: Page) =>
  page
    .locator('[data-testid^="checklist-item-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-done")));

const closeChecklist = async (page: Page) => {
  await page.getByTestId("checklist-explore").click();
  await page.getByTestId("checklist-body").waitFor({ state: "detached" });
};

describe("onboarding checklist", () => {
  const open = useBrowsers();

  for (const locale of ["is", "en"] as const) {
    it(`opens by itself for a new owner, checks the four items done through the create flows, congratulates once (${locale})`, async () => {
      const text = texts[locale];
      // The browser starts first: the checklist opens by itself only in the account's first 10 seconds.
      const page = await open();
      const company = await signUpCompanyOverApi(`Byrjun ${randomUUID().slice(0, 8)} ehf.`);
      await approve(company.projectId);
      await openAsCompanyOwner(page, company, { locale, checklist: true });

      const body = page.getByTestId("checklist-body");
      await body.waitFor();
      await body.getByText(text.letsGo).waitFor();
      expect(await body.locator('[data-testid^="checklist-item-"]').allTextContents()).toEqual(
        text.items.map((item) => expect.stringContaining(item)),
      );
      expect(await doneFlags(page)).toEqual(["false", "false", "false", "false"]);
      // Spec 2: the onboarding panel is 720 px wide.
      const width = await page
        .locator(".mantine-Modal-content")
        .first()
        .evaluate((node) => node.getBoundingClientRect().width);
      expect(width).toBe(720);
      expect(await page.getByTestId("checklist-check").count()).toBe(0);

      // 1. A card, from the checklist's own button.
      await page.getByTestId("checklist-go-card").click();
      await page.waitForURL((url) => url.pathname === "/cards");
      await page.getByTestId("create-card-button").click();
      await page.getByTestId("card-type-EMPLOYEE_EXPENSE").click();
      await page.getByTestId("card-name-input").fill("Fyrsta kortið");
      await page.getByTestId("cardholder-select").click();
      await page.getByRole("option", { name: /Bjarki/ }).click();
      await waitEnabled(page, "create-card-submit");
      await page.getByTestId("create-card-submit").click();
      await page.getByTestId("toast-success").first().waitFor();

      await openChecklist(page);
      await page.getByTestId("checklist-remaining").getByText(text.left(3)).waitFor();
      expect(await doneFlags(page)).toEqual(["true", "false", "false", "false"]);
      expect(await page.getByTestId("checklist-check").count()).toBe(1);

      // 2. Invite a team member.
      await page.getByTestId("checklist-go-members").click();
      await page.waitForURL((url) => url.pathname === "/people");
      await page.getByTestId("invite-button").click();
      await page.getByTestId("invite-role-user").click();
      await page.getByTestId("invite-email").fill(uniqueEmail());
      await page.getByTestId("invite-send").click();
      await page.getByTestId("toast-success").last().waitFor();
      await page.waitForFunction(() => localStorage.getItem("kort.onboarding.members") === "created");

      // 3. A category.
      await openChecklist(page);
      await page.getByTestId("checklist-remaining").getByText(text.left(2)).waitFor();
      await page.getByTestId("checklist-go-category").click();
      await page.waitForURL((url) => url.pathname === "/accounting");
      await page.getByTestId("create-category-button").click();
      await page.getByTestId("category-form").waitFor();
      await page.getByTestId("category-title-input").fill("Ferðalög");
      await page.getByTestId("category-code-input").fill(`F${randomUUID().slice(0, 4)}`);
      await page.getByTestId("category-submit").click();
      await page.getByTestId("category-form").waitFor({ state: "hidden" });
      await page.waitForFunction(() => localStorage.getItem("kort.onboarding.category") === "created");

      await openChecklist(page);
      await page.getByTestId("checklist-remaining").getByText(text.left(1)).waitFor();
      expect(await doneFlags(page)).toEqual(["true", "true", "true", "false"]);
      await closeChecklist(page);
      expect(await page.getByTestId("checklist-congratulations").count()).toBe(0);

      // 4. A team: the last item done, the congratulation shows by itself.
      // Through the menu, not a reload: a reload in the account's first 10 seconds would open the checklist again.
      await page.getByTestId("menu-item-teams").click();
      await page.waitForURL((url) => url.pathname === "/teams");
      await page.getByTestId("create-team-button").first().click();
      await page.getByTestId("create-team-form").waitFor();
      await page.getByTestId("team-name-input").fill(`Sala ${randomUUID().slice(0, 6)}`);
      await page.getByTestId("team-account-code-input").fill("4010");
      await page.getByTestId("create-team-submit").click();
      const congratulations = page.getByTestId("checklist-congratulations");
      await congratulations.getByText(text.congratulations).waitFor();
      await page.getByTestId("checklist-congratulations-close").click();
      await congratulations.waitFor({ state: "detached" });
      // Completed: the icon is gone, and the congratulation does not come back.
      expect(await page.getByTestId("checklist-button").count()).toBe(0);
      await page.reload();
      await page.getByTestId("shell").waitFor();
      await page.getByTestId("side-menu").waitFor();
      expect(await page.getByTestId("checklist-button").count()).toBe(0);
      expect(await page.getByTestId("checklist-congratulations").count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem("kort.onboarding.completed"))).toBe("completed");
    });
  }

  it("shows an older account the icon but does not open it by itself", async () => {
    const company = await signUpCompanyOverApi(`Eldri ${randomUUID().slice(0, 8)} ehf.`);
    await query("update users set created_at = now() - interval '1 day' where email = $1", [company.email]);
    const page = await open();
    await openAsCompanyOwner(page, company, { locale: "en", checklist: true });
    await page.getByTestId("side-menu").waitFor();
    await page.getByTestId("checklist-button").waitFor();
    expect(await page.getByTestId("checklist-body").count()).toBe(0);
    await openChecklist(page);
    await page.getByTestId("checklist-body").getByText(texts.en.letsGo).waitFor();
  });
});
