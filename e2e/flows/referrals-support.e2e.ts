import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowsers } from "../support/browser-pool.ts";
import { query } from "../support/db.ts";
import { linkIn, readOutbox, waitForMessage } from "../support/outbox.ts";
import { insertUser, randomKennitala, uniqueEmail, uniquePhone } from "../support/people.ts";
import { openAsCompanyOwner, signInAs } from "../support/session.ts";
import { signUpCompanyOverApi } from "../support/sign-up-api.ts";
import { finishSignUpScreens } from "../support/sign-up-ui.ts";

/**
 * Referrals (spec 7, issue 16): an owner invites another company from settings; the invited company signs up
 * through the e-mail's link, whose code the sign-up redeems; the referrer then sees it joined. And the support
 * form, offered when no chat provider is configured, mails the support address through the outbox; the Icelandic
 * support contact is on the error and no-active-projects screens (spec 1, 2 and 8).
 */

const base = () => inject("baseUrl");

describe("referrals and support", () => {
  const open = useBrowsers();

  it("invites a company from settings; it signs up through the link and the referrer sees it joined", async () => {
    const referrer = await signUpCompanyOverApi(`Vísar ${randomUUID().slice(0, 8)} ehf.`);
    const page = await open();
    await openAsCompanyOwner(page, referrer, { path: "/personal-settings" });
    const card = page.getByTestId("referrals");
    await card.getByTestId("referrals-empty").waitFor();

    await card.getByTestId("referral-email").fill("ekki netfang");
    await card.getByTestId("referral-send").click();
    await card.getByText("Þetta er ekki gilt netfang.").waitFor();

    const invited = uniqueEmail();
    await card.getByTestId("referral-email").fill(invited);
    await card.getByTestId("referral-send").click();
    await page.getByTestId("toast-success").getByText("Boðið var sent.").waitFor();
    const row = card.locator(`[data-testid="referral-row"][data-email="${invited}"]`);
    await row.getByText("Hefur ekki skráð sig").waitFor();

    // The invited company's person follows the e-mail's link and signs the company up through the screens.
    const mail = await waitForMessage(invited);
    expect(mail.subject).toBe(`${referrer.title} býður ykkur að nota Kort`);
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe("/onboarding/create");
    const joiner = await open();
    await joiner.goto(`${base()}${link.pathname}${link.search}`);
    const company = `Nýliði ${randomUUID().slice(0, 8)} ehf.`;
    await joiner.getByTestId("onboarding-company-name").fill(company);
    await joiner.getByTestId("onboarding-company-kennitala").fill(randomKennitala("company"));
    await joiner.getByTestId("onboarding-email").fill(invited);
    await joiner.getByTestId("auth-submit").click();
    await joiner.getByTestId("check-email").waitFor();
    const confirm = linkIn(await waitForMessage(invited, new Set([mail.id])));
    await joiner.goto(confirm);
    await joiner.locator('[data-testid="page-email-confirm"][data-state="confirmed"]').waitFor();
    await joiner.getByTestId("email-confirm-continue").click();
    await finishSignUpScreens(
      joiner,
      { fullName: "Nanna Nýliði", nin: randomKennitala("person"), passcode: "2580", phone: uniquePhone() },
      5,
    );
    // The code was used once and forgotten.
    expect(await joiner.evaluate(() => localStorage.getItem("kort.referral"))).toBeNull();

    await page.reload();
    await page
      .getByTestId("referrals")
      .locator(`[data-testid="referral-row"][data-email="${invited}"]`)
      .getByTestId("referral-joined")
      .getByText(new RegExp(`${company} skráði sig`))
      .waitFor();
    const [stored] = await query<{ redeemed_company_name: string }>(
      "select redeemed_company_name from referrals where email = $1",
      [invited],
    );
    expect(stored?.redeemed_company_name).toBe(company);
  });

  it("sends the support form's message to the support address (no chat provider configured)", async () => {
    const owner = await signUpCompanyOverApi(`Hjálp ${randomUUID().slice(0, 8)} ehf.`);
    const page = await open();
    await openAsCompanyOwner(page, owner, { locale: "en" });
    await page.getByTestId("support-button").click();
    const form = page.getByTestId("support-form");
    await form.getByText("You can also write to support@kort.is.").waitFor();
    await form.getByTestId("support-send").click();
    await form.getByText("Please write a message.").waitFor();
    const marker = randomUUID();
    await form.getByTestId("support-subject").fill(`Card declined ${marker}`);
    await form.getByTestId("support-message").fill("My card was declined at the bakery.");
    await form.getByTestId("support-send").click();
    await page.getByTestId("toast-success").getByText("Your message was sent to support.").waitFor();
    await form.waitFor({ state: "detached" });
    const messages = await readOutbox("support@kort.is");
    const sent = messages.find((message) => message.subject?.includes(marker));
    expect(sent?.body).toContain("My card was declined at the bakery.");
    expect(sent?.body).toContain(owner.email);
  });

  const contactSupport = { is: "Hafa samband við þjónustuver", en: "Contact support" } as const;

  /** The screen's support link: the Icelandic address, as a mailto, in the page's language. */
  const expectSupportContact = async (page: Page, screen: string, locale: "is" | "en") => {
    const link = page.getByTestId(screen).getByTestId("support-link");
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("mailto:support@kort.is");
    expect(await link.textContent()).toBe(`${contactSupport[locale]}: support@kort.is`);
  };

  for (const locale of ["is", "en"] as const) {
    it(`shows the Icelandic support contact on the no-active-projects and error screens (${locale})`, async () => {
      // A person in no company: the no-active-projects screen.
      const user = await insertUser();
      const page = await open();
      await signInAs(page, user.email, locale);
      await page.goto(`${base()}/cards`);
      await expectSupportContact(page, "state-no-projects", locale);

      // The companies cannot be loaded (the server fails): the error screen.
      await page.route("**/graphql", async (route) => {
        if (route.request().postData()?.includes("query Projects")) {
          await route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
        } else {
          await route.continue();
        }
      });
      await page.reload();
      await expectSupportContact(page, "state-error", locale);
    });
  }
});
