import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { DEMO_PASSCODE, DEMO_USERS } from "../../apps/server/src/app/seed/seed-data.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { openIn, signInThroughScreens, typeCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { authorize, createEmployeeCard } from "../support/card-network.ts";
import { demoProjectId, query } from "../support/db.ts";
import { expectPhoneFriendly, PHONE } from "../support/phone.ts";
import { signInAs } from "../support/session.ts";

const employee = { ...DEMO_USERS.employee, passcode: DEMO_PASSCODE };

const tileOf = (page: Page, name: string) => page.locator(`[data-testid="app-card"][data-card-name="${name}"]`);

/** Issue 17's check, as far as the app is built: the employee on a phone. */
describe("the employee app", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("signs the employee in at /app, reveals the card with the passcode, freezes it and shows the decline", async () => {
    const name = `Sími ${randomUUID().slice(0, 6)}`;
    const cardId = await createEmployeeCard(name);
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await openIn(page, "/app", "is");
    await page.waitForURL((url) => url.pathname === "/auth");
    await signInThroughScreens(page, employee);
    await page.waitForURL((url) => url.pathname === "/app");
    await page.getByTestId("employee-app").waitFor();
    // Icelandic by default; the dashboard's frame never shows.
    await page.getByText("Kortin mín").waitFor();
    expect(await page.getByTestId("shell").count()).toBe(0);
    // The phone is registered as the employee's device (spec 7).
    const deviceId = await page.evaluate(() => localStorage.getItem("kort.device"));
    await expect
      .poll(
        async () =>
          (
            await query(
              "select make from devices d join users u on u.id = d.user_id where d.id = $1 and u.email = $2",
              [deviceId, employee.email],
            )
          ).length,
      )
      .toBe(1);

    const tile = tileOf(page, name);
    await tile.waitFor();
    expect(await tile.getAttribute("data-card-id")).toBe(cardId);
    expect(await tile.getByTestId("app-card-left").textContent()).toBe("150.000 kr.");
    expect(await tile.getByTestId("app-card-limit").textContent()).toContain("150.000 kr.");
    expect(await tile.getByTestId("app-card-number").textContent()).toMatch(/^•••• •••• •••• \d{4}$/);
    await expectPhoneFriendly(page);

    // A wrong passcode reveals nothing; the right one shows the number, expiry and CVC.
    await tile.getByTestId("app-card-reveal").tap();
    await typeCode(page, "app-reveal-passcode", "0000");
    await page.getByTestId("app-reveal-submit").tap();
    await page.getByTestId("app-reveal-error").waitFor();
    expect(await page.getByTestId("app-reveal-error").getAttribute("data-code")).toBe("INVALID_PASSCODE");
    // The dialog is a thumb's too: its close button as well as its boxes and button.
    await expectPhoneFriendly(page);
    await typeCode(page, "app-reveal-passcode", employee.passcode);
    await page.getByTestId("app-reveal-submit").tap();
    await tile.getByTestId("app-card-details").waitFor();
    const pan = ((await tile.getByTestId("app-card-number").textContent()) ?? "").replace(/\s/g, "");
    expect(pan).toMatch(/^\d{16}$/);
    const [stored] = await query<{ expiration_month: number; expiration_year: number }>(
      "select expiration_month, expiration_year from cards where id = $1",
      [cardId],
    );
    const card = { pan, month: stored?.expiration_month ?? 0, year: stored?.expiration_year ?? 0 };
    // Going to the background hides the details at once.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await tile.getByTestId("app-card-details").waitFor({ state: "detached" });
    expect(await tile.getByTestId("app-card-number").textContent()).toContain("••••");
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    });

    // Frozen, the card is declined with CARD_FROZEN, and the app says so in plain words.
    await tile.getByTestId("app-card-freeze").tap();
    await page.locator(`[data-card-name="${name}"][data-status="FROZEN"]`).waitFor();
    expect(await authorize(card, { amount: 2_500 })).toMatchObject({ approved: false, decline_code: "CARD_FROZEN" });
    await tile.getByTestId("app-card-unfreeze").tap();
    await page.locator(`[data-card-name="${name}"][data-status="ACTIVE"]`).waitFor();
    const merchant = `Kaffivagninn ${name.slice(-6)}`;
    expect(await authorize(card, { amount: 3_900, merchant })).toMatchObject({ approved: true });

    await tile.getByTestId("app-card-activity").tap();
    await page.getByTestId("app-activity").waitFor();
    // The page names the card whose purchases it lists.
    expect(await page.getByTestId("app-activity-card").textContent()).toBe(`${name} · •••• ${pan.slice(-4)}`);
    const rows = page.getByTestId("app-activity-row");
    await rows.nth(1).waitFor();
    expect(await rows.nth(0).getAttribute("data-status")).toBe("pending");
    const reason = rows.nth(1).getByTestId("app-decline-reason");
    expect(await reason.getAttribute("data-code")).toBe("CARD_FROZEN");
    expect(await reason.textContent()).toBe(
      "Hafnað af því að þú frystir kortið. Affrystu það til að greiða með því aftur.",
    );
    await expectPhoneFriendly(page);

    // In English too.
    await page.getByTestId("language-switch").getByText("English").tap();
    await reason.getByText("Declined because you froze the card.", { exact: false }).waitFor();

    // The purchase waits for its category; a photo of the receipt is taken (a file chooser here), downscaled in
    // the browser, uploaded, and the purchase categorised.
    await page.getByTestId("app-nav-transactions").tap();
    const row = page.getByTestId("app-transaction-row").filter({ hasText: merchant });
    await row.waitFor();
    expect(await row.getByTestId("app-todo").first().getAttribute("data-mark")).toBe("MissingCategory");
    await row.tap();
    await page.getByTestId("app-transaction").waitFor();
    expect(await page.getByTestId("app-transaction-merchant").textContent()).toBe(merchant);
    // The receipts address, to forward e-mailed receipts to, copies with one tap.
    expect(await page.getByTestId("app-receipts-address").textContent()).toBe("demo@kvittanir.kort.is");
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: inject("baseUrl") });
    await page.getByTestId("app-copy-address").tap();
    await page.getByTestId("app-copy-address").getByText("Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("demo@kvittanir.kort.is");
    await expectPhoneFriendly(page);
    // A 12-megapixel-like photo drawn in the page: 4000 x 3000 px of noise, so it is large as a photo is.
    const photo = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 4000;
      canvas.height = 3000;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no canvas");
      const image = context.createImageData(4000, 3000);
      for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 2654435761) % 251;
      context.putImageData(image, 0, 0);
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    });
    const photoBytes = Buffer.from(photo, "base64");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByTestId("app-receipt-add").tap()]);
    await chooser.setFiles({ name: "kvittun.png", mimeType: "image/png", buffer: photoBytes });
    await page.locator('[data-testid="app-receipt"]').waitFor();
    const [receipt] = await query<{ file_type: string; file_size: number; file_name: string }>(
      "select r.file_type, r.file_size, r.file_name from receipts r join transactions t on t.id = r.transaction_id where t.merchant_name = $1",
      [merchant],
    );
    expect(receipt).toMatchObject({ file_type: "image/jpeg", file_name: "kvittun.jpg" });
    expect(receipt?.file_size).toBeLessThan(photoBytes.length);

    await page.getByTestId("app-category-select").tap();
    const option = page.getByRole("option").first();
    const categoryLabel = (await option.textContent()) ?? "";
    await option.tap();
    await page.getByTestId("app-tax-select").tap();
    await page.getByRole("option").first().tap();
    await page.getByTestId("app-comment").fill("Fundur með viðskiptavini");
    await page.getByTestId("app-categorise-save").tap();
    await page.getByTestId("app-categorise-saved").waitFor();
    const [stored2] = await query<{ id: string; title: string; comments: string; tax_category_id: string | null }>(
      "select t.id, c.title, t.comments, t.tax_category_id from transactions t join categories c on c.id = t.category_id where t.merchant_name = $1",
      [merchant],
    );
    expect(categoryLabel.startsWith(stored2?.title ?? "?")).toBe(true);
    expect(stored2?.comments).toBe("Fundur með viðskiptavini");
    expect(stored2?.tax_category_id).not.toBeNull();

    // The owner sees the receipt and the category in the dashboard.
    const owner = await openBrowser();
    try {
      await signInAs(owner.page, DEMO_USERS.owner.email, "en");
      await owner.page.evaluate(async (id) => localStorage.setItem("kort.project", id), await demoProjectId());
      await owner.page.goto(`${inject("baseUrl")}/expenses/${stored2?.id}`);
      await owner.page.locator('[data-testid="receipt"][data-name="kvittun.jpg"]').waitFor();
      const shown = await owner.page.getByTestId("panel-category").inputValue();
      expect(categoryLabel.startsWith(shown) || shown.startsWith(stored2?.title ?? "?")).toBe(true);
    } finally {
      await owner.close();
    }
  });

  it("sends an employee on the dashboard to the app from the not-an-admin screen", async () => {
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await signInAs(page, employee.email, "en");
    await page.goto(`${inject("baseUrl")}/expenses`);
    await page.getByTestId("state-not-admin").waitFor();
    await page.getByTestId("not-admin-open-app").tap();
    await page.waitForURL((url) => url.pathname === "/app");
    await page.getByTestId("my-cards").waitFor();
  });

  it("installs, and offline opens with the banner and the last data; an action then says it needs the network", async () => {
    const name = `Ferð ${randomUUID().slice(0, 6)}`;
    await createEmployeeCard(name);
    browser = await openBrowser(PHONE);
    const { page, context } = browser;
    await signInAs(page, employee.email, "en");
    const projectId = await demoProjectId();
    await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
    await page.goto(`${inject("baseUrl")}/app`);
    await tileOf(page, name).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Controlled from now on: this visit's reads go through the worker, which keeps their answers.
    await page.reload();
    await tileOf(page, name).waitFor();

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toBe(`${inject("baseUrl")}/app.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("app-offline").waitFor();
    await tileOf(page, name).waitFor();
    expect(await tileOf(page, name).getByTestId("app-card-left").textContent()).toBe("150.000 kr.");
    await tileOf(page, name).getByTestId("app-card-freeze").tap();
    const refused = tileOf(page, name).getByTestId("app-card-error");
    await refused.waitFor();
    expect(await refused.getAttribute("data-code")).toBe("NETWORK_ERROR");
    expect(await tileOf(page, name).getAttribute("data-status")).toBe("ACTIVE");
    await context.setOffline(false);
    const [stored] = await query<{ status: string }>("select status from cards where description = $1", [name]);
    expect(stored?.status).toBe("ACTIVE");
  });

  it("activates a card issued as not yet active", async () => {
    const name = `Nýtt ${randomUUID().slice(0, 6)}`;
    const cardId = await createEmployeeCard(name);
    await query("update cards set status = 'CREATED' where id = $1", [cardId]);
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await signInAs(page, employee.email, "en");
    await page.goto(`${inject("baseUrl")}/app`);
    const tile = tileOf(page, name);
    expect(await tile.getAttribute("data-status")).toBe("CREATED");
    expect(await tile.getByTestId("app-card-reveal").count()).toBe(0);
    await tile.getByTestId("app-card-activate").tap();
    await page.locator(`[data-card-name="${name}"][data-status="ACTIVE"]`).waitFor();
    const [stored] = await query<{ status: string }>("select status from cards where id = $1", [cardId]);
    expect(stored?.status).toBe("ACTIVE");
  });

  it("hides revealed card details after 30 seconds", async () => {
    const name = `Leynd ${randomUUID().slice(0, 6)}`;
    await createEmployeeCard(name);
    browser = await openBrowser(PHONE);
    const { page } = browser;
    // The page's clock runs on, and the test moves it past the 30 s instead of waiting them out.
    await page.clock.install();
    await signInAs(page, employee.email, "en");
    await page.goto(`${inject("baseUrl")}/app`);
    const tile = tileOf(page, name);
    await tile.getByTestId("app-card-reveal").tap();
    await typeCode(page, "app-reveal-passcode", employee.passcode);
    await page.getByTestId("app-reveal-submit").tap();
    await tile.getByTestId("app-card-details").waitFor();
    await page.clock.fastForward(29_000);
    expect(await tile.getByTestId("app-card-details").count()).toBe(1);
    await page.clock.fastForward(1_500);
    await tile.getByTestId("app-card-details").waitFor({ state: "detached" });
    expect(await tile.getByTestId("app-card-number").textContent()).toContain("••••");
  });

  it("fits a 360 px wide phone", async () => {
    browser = await openBrowser({ width: 360, height: 740, touch: true });
    const { page } = browser;
    await createEmployeeCard(`Lítill ${randomUUID().slice(0, 6)}`);
    await signInAs(page, employee.email, "is");
    await page.goto(`${inject("baseUrl")}/app`);
    await page.getByTestId("app-card").first().waitFor();
    await expectPhoneFriendly(page);
  });
});
