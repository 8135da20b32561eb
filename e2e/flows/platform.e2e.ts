import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowsers } from "../support/browser-pool.ts";
import { query } from "../support/db.ts";
import { openAsCompanyOwner, signInAs } from "../support/session.ts";
import { signUpCompanyOverApi } from "../support/sign-up-api.ts";

/** Issue 9: a company signed up by a stranger waits; the platform owner approves it with a credit limit. */

const menuItems = (page: Page): Promise<string[]> =>
  page
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("data-testid")?.replace("menu-item-", "") ?? ""));

describe("platform console", () => {
  const open = useBrowsers();

  it("lets the platform owner approve a waiting company with a credit limit, which ends its wait", async () => {
    const company = await signUpCompanyOverApi(`Bið ${randomUUID().slice(0, 8)} ehf.`);

    // The new company's owner is told why nothing can be issued yet.
    const ownerPage = await open();
    await openAsCompanyOwner(ownerPage, company);
    await ownerPage.getByTestId("approval-pending").getByText(`${company.title} bíður samþykkis Korts`).waitFor();

    const page = await open();
    await signInAs(page, "platform@demo.is", "is");
    // A platform owner's home is the console.
    await page.goto(`${inject("baseUrl")}/expenses`);
    await page.waitForURL((url) => url.pathname === "/platform");
    await page.getByTestId("menu-item-platform").waitFor();

    const row = page.locator(`[data-testid="pending-company-row"][data-project-id="${company.projectId}"]`);
    await row.waitFor();
    const formatted = `${company.kennitala.slice(0, 6)}-${company.kennitala.slice(6)}`;
    await row.getByText(formatted).waitFor();
    await row.getByText(company.email).waitFor();

    await row.getByTestId("pending-company-approve").click();
    const modal = page.getByTestId("approve-company-modal");
    await modal.getByTestId("approve-credit-limit").fill("2500000");
    expect(await modal.getByTestId("approve-credit-limit").inputValue()).toBe("2.500.000");
    await modal.getByTestId("approve-credit-preview").getByText("2.500.000 kr.").waitFor();
    await modal.getByTestId("approve-company-confirm").click();

    await page.getByTestId("toast-success").getByText(`${company.title} var samþykkt`).waitFor();
    await row.waitFor({ state: "detached" });
    const [stored] = await query<{ approval_status: string; credit_limit: string; enabled: boolean }>(
      "select approval_status, credit_limit::text, enabled from projects where id = $1",
      [company.projectId],
    );
    expect(stored).toEqual({ approval_status: "approved", credit_limit: "2500000", enabled: true });

    // The owner's notice is gone once the dashboard loads the company again.
    await ownerPage.reload();
    await ownerPage.getByTestId("shell").waitFor();
    await ownerPage.getByTestId("side-menu").waitFor();
    expect(await ownerPage.getByTestId("approval-pending").count()).toBe(0);
  });

  it("shows another company's owner no console, and the server refuses them its data", async () => {
    const page = await open();
    await signInAs(page, "owner@demo.is", "en");
    await page.goto(`${inject("baseUrl")}/platform`);
    const refused = page.getByTestId("pending-companies-error");
    await refused.waitFor();
    expect(await refused.getAttribute("data-code")).toBe("ACCESS_DENIED");
    const lockedRefused = page.getByTestId("locked-users-error");
    await lockedRefused.waitFor();
    expect(await lockedRefused.getAttribute("data-code")).toBe("ACCESS_DENIED");
    await page.getByTestId("menu-item-expenses").waitFor();
    expect(await menuItems(page)).not.toContain("platform");
    expect(await page.getByTestId("pending-company-row").count()).toBe(0);
  });
});
