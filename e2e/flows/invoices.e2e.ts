import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { readOutbox } from "../support/outbox.ts";
import { createSessionToken, signInAs } from "../support/session.ts";

/**
 * Invoices in Chromium (issue 15): the demo's invoices of the last three periods, listed with their period names in
 * both languages; the PDF in the viewer, both downloads, sending electronically (the outbox holds the UBL); the viewer's
 * failure message; and a team admin and an employee without the item, refused by the server.
 */

const IS_MONTHS = "janúar|febrúar|mars|apríl|maí|júní|júlí|ágúst|september|október|nóvember|desember";
const EN_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";

const openInvoices = async (page: Page, email: string, locale: "is" | "en") => {
  const projectId = await demoProjectId();
  await signInAs(page, email, locale);
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}/invoices`);
  await page.getByTestId("invoice-row").first().waitFor();
};

const actionOn = async (page: Page, action: string) => {
  await page.getByTestId("invoice-actions").first().click();
  await page.getByTestId(action).click();
};

/** The GraphQL invoices list as a caller asks it, with their own token. */
const invoicesAs = async (email: string) => {
  const { token } = await createSessionToken(email);
  const response = await fetch(`${inject("baseUrl")}/graphql`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "x-project-id": await demoProjectId(),
      "content-type": "application/json",
    },
    body: JSON.stringify({ query: "{ invoices { nodes { id } } }" }),
  });
  return (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
};

describe("invoices", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("lets the owner see the periods in Icelandic, view the PDF, download both files, send it, set the due date", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await openInvoices(page, "owner@demo.is", "is");
    const rows = page.getByTestId("invoice-row");
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId("invoice-period").first().textContent()).toMatch(
      new RegExp(`^(${IS_MONTHS}) \\d{4}$`),
    );
    expect(await page.getByTestId("invoice-issuer").first().textContent()).toBe("Kort hf.");
    expect(await page.getByTestId("invoice-amount").first().textContent()).toMatch(/^\d{1,3}(\.\d{3})* kr\.$/);
    const number = (await rows.first().getAttribute("data-number")) ?? "";

    await actionOn(page, "invoice-view");
    await page.locator('[data-testid="pdf-viewer"][data-state="rendered"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid="pdf-page"]').count()).toBeGreaterThan(0);
    await page.keyboard.press("Escape");

    const pdfDownload = page.waitForEvent("download");
    await actionOn(page, "invoice-download-pdf");
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`reikningur-${number}.pdf`);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");

    const xmlDownload = page.waitForEvent("download");
    await actionOn(page, "invoice-download-xml");
    const xml = await xmlDownload;
    expect(xml.suggestedFilename()).toBe(`reikningur-${number}.xml`);
    const ubl = await readFile(await xml.path(), "utf8");
    expect(ubl).toContain(`<cbc:ID>${number}</cbc:ID>`);
    expect(ubl).toContain("<cbc:DocumentDescription>EINDAGI</cbc:DocumentDescription>");

    await actionOn(page, "invoice-send");
    await page.getByTestId("toast-success").waitFor();
    await rows.first().getByTestId("invoice-sent").waitFor();
    const [company] = await query<{ kennitala: string }>("select kennitala from projects where title = 'Demo ehf.'");
    const messages = await readOutbox(`0196:${company?.kennitala}`);
    const sent = messages.find((message) => message.body.includes(`<cbc:ID>${number}</cbc:ID>`));
    expect(sent?.channel).toBe("einvoice");
    expect(sent?.body).toContain("urn:fdc:peppol.eu:2017:poacc:billing:3.0");

    // The owner sets the company's due date for the next invoices.
    await page.getByTestId("invoice-due-days").fill("15");
    await page.getByTestId("invoice-due-days-save").click();
    await page.getByText("Stillingin var vistuð.").waitFor();
    const [stored] = await query<{ days: string }>(
      "select preferences ->> 'invoice_due_days' as days from projects where title = 'Demo ehf.'",
    );
    expect(stored?.days).toBe("15");

    // The dev outbox page shows the e-invoice with its UBL.
    await page.goto(`${inject("baseUrl")}/dev/outbox?to=${encodeURIComponent(`0196:${company?.kennitala}`)}`);
    const message = page.getByTestId("outbox-message").filter({ hasText: `<cbc:ID>${number}</cbc:ID>` });
    await message.first().waitFor();
    expect(await message.first().textContent()).toContain("einvoice");
  });

  it("lets the accountant read the periods in English, and says so when the PDF cannot be shown or sending fails", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await openInvoices(page, "accountant@demo.is", "en");
    expect(await page.getByTestId("invoice-period").first().textContent()).toMatch(
      new RegExp(`^(${EN_MONTHS}) \\d{4}$`),
    );
    await actionOn(page, "invoice-view");
    await page.locator('[data-testid="pdf-viewer"][data-state="rendered"]').waitFor({ timeout: 20_000 });
    await page.keyboard.press("Escape");

    // A file that is not a PDF: the viewer gives the spec's message instead of a blank box.
    await page.route("**/v1/invoices/*/pdf?*", (route) =>
      route.fulfill({ status: 200, contentType: "application/pdf", body: "not a pdf" }),
    );
    await actionOn(page, "invoice-view");
    await page.getByTestId("pdf-error").getByText("PDF loading or rendering failed").waitFor({ timeout: 20_000 });
    await page.keyboard.press("Escape");

    // The access point refuses: the spec's message, with the reason the server gave.
    await page.route("**/graphql", async (route) => {
      if (!(route.request().postData() ?? "").includes("SendInvoice")) return route.fallback();
      await route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({
          data: null,
          errors: [{ message: "refused", extensions: { code: "EINVOICE_SEND_FAILED" } }],
        }),
      });
    });
    await actionOn(page, "invoice-send");
    await page
      .getByTestId("toast-error")
      .getByText("Error sending the invoice electronically", { exact: false })
      .waitFor();
  });

  it("gives a team admin no Invoices item, and the server refuses team admins and employees", async () => {
    browser = await openBrowser();
    const { page } = browser;
    await signInAs(page, "teamadmin@demo.is", "en");
    await page.evaluate((id) => localStorage.setItem("kort.project", id), await demoProjectId());
    await page.goto(`${inject("baseUrl")}/expenses`);
    const menu = page.getByTestId("side-menu");
    await menu.getByText("Expenses", { exact: true }).first().waitFor();
    expect(await menu.getByText("Invoices", { exact: true }).count()).toBe(0);
    for (const email of ["teamadmin@demo.is", "employee@demo.is"]) {
      expect((await invoicesAs(email)).errors?.[0]?.extensions?.code).toBe("ACCESS_DENIED");
    }
  });
});
