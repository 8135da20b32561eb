import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

const openCards = async (page: Page, email: string) => {
  await signInAs(page, email, "en");
  const projectId = await demoProjectId();
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}/cards`);
  await page.getByTestId("cards-page").waitFor();
};

const rowOf = (page: Page, name: string) => page.locator(`[data-testid="card-row"][data-card-name="${name}"]`);

/** Opens the panel, picks the type and fills the name and the holder (by the start of their name). */
const startCard = async (page: Page, type: "BUSINESS_EXPENSE" | "EMPLOYEE_EXPENSE", name: string, holder: string) => {
  await page.getByTestId("create-card-button").click();
  await page.getByTestId(`card-type-${type}`).click();
  await page.getByTestId("create-card-form").waitFor();
  await page.getByTestId("card-name-input").fill(name);
  await page.getByTestId("cardholder-select").click();
  await page.getByRole("option", { name: new RegExp(holder) }).click();
};

const waitEnabled = async (page: Page, testId: string) => {
  await page.waitForFunction(
    (id) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)?.disabled === false,
    testId,
  );
};

const createCard = async (page: Page, type: "BUSINESS_EXPENSE" | "EMPLOYEE_EXPENSE", name: string) => {
  await startCard(page, type, name, "Sigurður");
  await waitEnabled(page, "create-card-submit");
  await page.getByTestId("create-card-submit").click();
  await page.getByTestId("toast-success").first().waitFor();
  await rowOf(page, name).waitFor();
};

describe("cards", () => {
  let browser: BrowserSession | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it("lets the owner create a vendor card and a subscription card and lists both", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await openCards(page, "owner@demo.is");
    const vendor = `Innkaup ${randomUUID().slice(0, 8)}`;
    const subscription = `Áskrift ${randomUUID().slice(0, 8)}`;

    await startCard(page, "EMPLOYEE_EXPENSE", vendor, "Sigurður");
    // Kort's own date field reads the day as it shows it (9 Oct 2026 in English); Tab closes its calendar.
    await page.getByTestId("card-close-date-input").fill("31 Dec 2099");
    await page.getByTestId("card-close-date-input").press("Tab");
    await expect(page.getByTestId("card-close-date-input").inputValue()).resolves.toBe("31 Dec 2099");
    await waitEnabled(page, "create-card-submit");
    await page.getByTestId("create-card-submit").click();
    await rowOf(page, vendor).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("kort.onboarding.card"))).toBe("created");

    await createCard(page, "BUSINESS_EXPENSE", subscription);
    await expect(rowOf(page, vendor).textContent()).resolves.toContain("Vendor card");
    await expect(rowOf(page, subscription).textContent()).resolves.toContain("Subscription card");
    await expect(rowOf(page, vendor).getByTestId("card-issuer").textContent()).resolves.toBe("Anna Jónsdóttir");
    const [stored] = await query<{ will_close_at: Date }>("select will_close_at from cards where description = $1", [
      vendor,
    ]);
    expect(stored?.will_close_at.toISOString()).toBe("2099-12-31T23:59:59.999Z");
  });

  it("blocks a team admin's amount over their maximum under the amount, with Submit disabled", async () => {
    const projectId = await demoProjectId();
    const setMax = (max: number) =>
      query(
        `update project_members set max_monthly_limit = $2
          where project_id = $1 and user_id = (select id from users where email = 'teamadmin@demo.is')`,
        [projectId, max],
      );
    await setMax(200_000);
    try {
      browser = await openBrowser();
      const { page } = browser;
      await openCards(page, "teamadmin@demo.is");
      await startCard(page, "BUSINESS_EXPENSE", `Auglýsingar ${randomUUID().slice(0, 8)}`, "Sigurður");
      await page.getByTestId("card-team-select").click();
      await page.getByRole("option").first().click();
      await waitEnabled(page, "create-card-submit");
      await page.getByTestId("card-amount-input").fill("250000");
      await page.getByText("You are not allowed to set that high of a limit.").waitFor();
      await expect(page.getByTestId("create-card-submit").isDisabled()).resolves.toBe(true);
    } finally {
      await setMax(500_000);
    }
  });

  it("refuses the owner a freeze, and lets the owner close a card after confirming", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await openCards(page, "owner@demo.is");
    const name = `Loka ${randomUUID().slice(0, 8)}`;
    await createCard(page, "BUSINESS_EXPENSE", name);
    await rowOf(page, name).getByTestId("card-link").click();
    await page.getByTestId("card-page").waitFor();
    // Freezing is the cardholder's own action (mobile app): the owner's session is refused it by the server.
    const freeze = await page.evaluate(async () => {
      const auth = JSON.parse(localStorage.getItem("kort.auth") ?? "{}") as { token?: string };
      const cardId = location.pathname.split("/").pop() ?? "";
      const response = await fetch(`/v1/funding_sources/${cardId}/freeze`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${auth.token ?? ""}`,
          "x-project-id": localStorage.getItem("kort.project") ?? "",
          "content-type": "application/json",
        },
        body: "{}",
      });
      return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
    });
    expect(freeze).toMatchObject({ status: 403, body: { error: { code: "ACCESS_DENIED" } } });
    await page.getByTestId("card-action-close").click();
    await page.getByTestId("close-card-confirm").click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="card-detail-status"]')?.textContent === "Closed",
    );
    expect(await page.getByTestId("card-action-close").count()).toBe(0);
    await page.getByTestId("back").click();
    await page.getByTestId("cards-page").waitFor();
    await page.waitForFunction(
      (cardName) =>
        document.querySelector(`[data-testid="card-row"][data-card-name="${cardName}"] [data-testid="card-status"]`)
          ?.textContent === "Closed",
      name,
    );
  });

  it("shows a team admin no actions on a card outside their teams", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await openCards(page, "owner@demo.is");
    const name = `Utan ${randomUUID().slice(0, 8)}`;
    await createCard(page, "BUSINESS_EXPENSE", name);
    const [card] = await query<{ id: string }>("select id from cards where description = $1", [name]);
    if (!card) throw new Error("The card was not stored");
    await browser.close();

    browser = await openBrowser();
    const admin = browser.page;
    await openCards(admin, "teamadmin@demo.is");
    await admin.getByTestId("cards-table").or(admin.getByText("No cards found")).first().waitFor();
    expect(await rowOf(admin, name).count()).toBe(0);
    await admin.goto(`${inject("baseUrl")}/cards/${card.id}`);
    await admin.getByTestId("card-error").waitFor();
    expect(await admin.getByTestId("card-actions").count()).toBe(0);
  });
});
