import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { useBrowsers } from "../support/browser-pool.ts";
import { query } from "../support/db.ts";
import { solidPng } from "../support/png.ts";
import { openAsCompanyOwner } from "../support/session.ts";
import { signUpCompanyOverApi } from "../support/sign-up-api.ts";

/**
 * Card designs (issue 16): the owner uploads a PNG card image; one a pixel off 360x720 is refused with its message,
 * an exact one is kept, and once chosen for a card type it shows on that type's cards.
 */

const base = () => inject("baseUrl");

/** A company of its own (the demo company's cards stay as other flows expect them), approved, with one card. */
const companyWithCard = async (cardType: "BUSINESS_EXPENSE" | "EMPLOYEE_EXPENSE", name: string) => {
  const company = await signUpCompanyOverApi(`Hönnun ${randomUUID().slice(0, 8)} ehf.`);
  await query("update projects set approval_status = 'approved', credit_limit = 5000000 where id = $1", [
    company.projectId,
  ]);
  const [owner] = await query<{ id: string }>("select id from users where email = $1", [company.email]);
  const response = await fetch(`${base()}/v1/funding_sources`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${company.token}`,
      "x-project-id": company.projectId,
      "idempotency-key": randomUUID(),
      "content-type": "application/json",
    },
    body: JSON.stringify({
      card_type: cardType,
      cardholder_id: owner?.id,
      description: name,
      limits: [{ sum_amount: 100000, period: "MONTHLY" }],
    }),
  });
  if (!response.ok) throw new Error(`Card not issued: ${response.status} ${await response.text()}`);
  return company;
};

const texts = {
  en: {
    refused: "The card design was refused: The card image must be exactly 360 x 720 pixels.",
    notPng: "The card design was refused: A card design must be a PNG image.",
    saved: "The card design was uploaded.",
    business: "Subscription card",
  },
  is: {
    refused: "Kortahönnuninni var hafnað: Kortamyndin verður að vera nákvæmlega 360 x 720 dílar.",
    notPng: "Kortahönnuninni var hafnað: Kortahönnun verður að vera PNG-mynd.",
    saved: "Kortahönnunin var vistuð.",
    business: "Áskriftarkort",
  },
} as const;

describe("card designs", () => {
  const open = useBrowsers();

  for (const locale of ["en", "is"] as const) {
    it(`refuses a 360x721 design, keeps a 360x720 one and shows it on the cards of its type (${locale})`, async () => {
      const text = texts[locale];
      const company = await companyWithCard("BUSINESS_EXPENSE", "Hugbúnaður");
      const page = await open();
      await openAsCompanyOwner(page, company, { locale });
      await page.getByTestId("card-designs-link").click();
      await page.waitForURL((url) => url.pathname === "/card-designs");

      const input = page.getByTestId("design-upload-input");
      await input.setInputFiles({ name: "of-hatt.png", mimeType: "image/png", buffer: solidPng(360, 721) });
      await page.getByTestId("toast-error").getByText(text.refused).waitFor();
      // A JPEG's bytes behind a .png name are refused too.
      const notPng = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
      await input.setInputFiles({ name: "mynd.png", mimeType: "image/png", buffer: notPng });
      await page.getByTestId("toast-error").getByText(text.notPng).waitFor();
      expect(await page.getByTestId("card-design").count()).toBe(0);

      await page.getByTestId("design-name").fill("Blátt");
      await input.setInputFiles({ name: "blatt.png", mimeType: "image/png", buffer: solidPng(360, 720) });
      await page.getByTestId("toast-success").getByText(text.saved).waitFor();
      const design = page.locator('[data-testid="card-design"][data-name="Blátt"]');
      await design.waitFor();
      await design.getByTestId("design-thumbnail-input").setInputFiles({
        name: "litil.png",
        mimeType: "image/png",
        buffer: solidPng(36, 72),
      });
      await design.getByTestId("design-thumbnail").waitFor();

      // Chosen for subscription cards, it shows on the company's subscription card.
      await page.getByTestId("design-for-BUSINESS_EXPENSE").click();
      await page.getByRole("option", { name: "Blátt" }).click();
      await design.getByText(text.business).waitFor();
      await page.getByTestId("menu-item-cards").click();
      const row = page.locator('[data-testid="card-row"][data-card-name="Hugbúnaður"]');
      await row.getByTestId("card-design-thumbnail").waitFor();
      // The image is really served: the signed link answers the thumbnail.
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="card-design-thumbnail"]');
        return img?.complete === true && img.naturalWidth === 36 && img.naturalHeight === 72;
      });

      // The employee app's tile of the same card (its holder is the owner) is drawn with the design.
      const designId = await row.getByTestId("card-design-thumbnail").getAttribute("data-design-id");

      // The card's own page shows the same design, its card image served at its full 360x720.
      await row.getByTestId("card-link").click();
      const onPage = page.locator(`[data-testid="card-page-design"][data-design-id="${designId}"]`);
      await onPage.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="card-page-design"]');
        return img?.complete === true && img.naturalWidth === 360 && img.naturalHeight === 720;
      });
      await page.goto(`${base()}/app`);
      const tile = page.locator('[data-testid="app-card"][data-card-name="Hugbúnaður"]');
      await tile.locator(`[data-design-id="${designId}"]`).waitFor();
    });
  }
});
