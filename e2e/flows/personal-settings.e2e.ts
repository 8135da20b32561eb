import { afterEach, describe, expect, inject, it } from "vitest";
import { typeCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { linkIn, waitForMessage } from "../support/outbox.ts";
import { insertUser, uniqueEmail } from "../support/people.ts";
import { signInAs } from "../support/session.ts";

/** A 1x1 GIF and a 1x1 PNG, as the files a person picks. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** What the page says, in each language (issue 16's check runs in both). */
const TEXTS = {
  en: {
    saved: "Your profile photo was saved.",
    mismatch: "The photo was refused: The file's content does not match its name. Upload the original image.",
    unreadable: "The photo was refused: The image could not be read. Choose another image.",
    invalid: "This is not a valid e-mail address.",
    taken: "This e-mail address is already registered.",
    connected: (email: string) => `${email} is now connected to your account.`,
    removed: (email: string) => `${email} was removed.`,
    signingInWith: (email: string) => `You now sign in with ${email}.`,
  },
  is: {
    saved: "Prófílmyndin var vistuð.",
    mismatch: "Myndinni var hafnað: Innihald skrárinnar passar ekki við nafn hennar. Hladdu upp upprunalegu myndinni.",
    unreadable: "Myndinni var hafnað: Ekki tókst að lesa myndina. Veldu aðra mynd.",
    invalid: "Þetta er ekki gilt netfang.",
    taken: "Þetta netfang er þegar skráð.",
    connected: (email: string) => `${email} er nú tengt aðganginum þínum.`,
    removed: (email: string) => `${email} var fjarlægt.`,
    signingInWith: (email: string) => `Þú skráir þig nú inn með ${email}.`,
  },
} as const;

/** Personal settings (issue 16): the profile photo by content, shown in the user menu; the language stored. */
describe("personal settings", () => {
  let browser: BrowserSession | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  const open = async (locale: "is" | "en") => {
    const user = await insertUser({ projectId: await demoProjectId(), role: "project_owner" });
    browser = await openBrowser();
    await signInAs(browser.page, user.email, locale);
    await browser.page.goto(`${inject("baseUrl")}/personal-settings`);
    return { page: browser.page, user };
  };

  for (const locale of ["is", "en"] as const) {
    const text = TEXTS[locale];

    it(`accepts a GIF profile photo, says so, and shows it in the user menu (${locale})`, async () => {
      const { page } = await open(locale);
      await page.getByTestId("photo-input").setInputFiles({ name: "me.gif", mimeType: "image/gif", buffer: GIF });
      await page.getByTestId("toast-success").getByText(text.saved).waitFor();
      const avatar = page.getByTestId("user-avatar").locator("img");
      await avatar.waitFor();
      expect(await avatar.getAttribute("src")).toMatch(/\/v1\/users\/[^/]+\/images\/[^/]+\/thumbnail\?expires=/);
      // The image loads: the signed link answers the thumbnail.
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="user-avatar"] img');
        return img?.complete === true && img.naturalWidth > 0;
      });
    });

    it(`refuses a PNG renamed .gif with the message (${locale})`, async () => {
      const { page } = await open(locale);
      await page.getByTestId("photo-input").setInputFiles({ name: "mynd.gif", mimeType: "image/gif", buffer: PNG });
      await page.getByTestId("toast-error").getByText(text.mismatch).waitFor();
      expect(await page.getByTestId("user-avatar").locator("img").count()).toBe(0);
    });

    it(`refuses bad content behind a .gif name (${locale})`, async () => {
      const { page } = await open(locale);
      const bad = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 1)]);
      await page.getByTestId("photo-input").setInputFiles({ name: "broken.gif", mimeType: "image/gif", buffer: bad });
      await page.getByTestId("toast-error").getByText(text.unreadable).waitFor();
      expect(await page.getByTestId("user-avatar").locator("img").count()).toBe(0);
    });

    it(`adds an e-mail alias with Enter, verifies it by the e-mail's link, and removes it (${locale})`, async () => {
      const { page } = await open(locale);
      const input = page.getByTestId("alias-input");
      await input.fill("not-an-address");
      await input.press("Enter");
      await page.getByText(text.invalid).waitFor();

      const alias = uniqueEmail();
      await input.fill(alias);
      await input.press("Enter");
      const row = page.locator(`[data-testid="alias"][data-email="${alias}"]`);
      await row.getByTestId("alias-unverified").waitFor();
      // The same address again is refused.
      await input.fill(alias);
      await input.press("Enter");
      await page.getByText(text.taken).waitFor();

      const link = linkIn(await waitForMessage(alias));
      await page.goto(link);
      await page.locator('[data-testid="page-alias-verify"][data-state="verified"]').waitFor();
      await page.getByText(text.connected(alias)).waitFor();
      await page.goto(`${inject("baseUrl")}/personal-settings`);
      await row.getByTestId("alias-verified").waitFor();
      await row.getByTestId("alias-remove").click();
      await row.waitFor({ state: "detached" });
      await page.getByTestId("toast-success").getByText(text.removed(alias)).waitFor();
    });

    it(`makes a verified alias the sign-in address after the passcode, keeping the old one as an alias (${locale})`, async () => {
      const { page, user } = await open(locale);
      const alias = uniqueEmail();
      await page.getByTestId("alias-input").fill(alias);
      await page.getByTestId("alias-input").press("Enter");
      const row = page.locator(`[data-testid="alias"][data-email="${alias}"]`);
      await row.getByTestId("alias-unverified").waitFor();
      // An unverified alias offers no sign-in.
      expect(await row.getByTestId("alias-make-sign-in").count()).toBe(0);
      await page.goto(linkIn(await waitForMessage(alias)));
      await page.locator('[data-testid="page-alias-verify"][data-state="verified"]').waitFor();
      await page.goto(`${inject("baseUrl")}/personal-settings`);
      await row.getByTestId("alias-make-sign-in").click();
      await typeCode(page, "alias-sign-in-passcode", "0000");
      await page.getByTestId("alias-sign-in-submit").click();
      expect(await page.getByTestId("alias-sign-in-error").getAttribute("data-code")).toBe("INVALID_PASSCODE");
      await typeCode(page, "alias-sign-in-passcode", user.passcode);
      await page.getByTestId("alias-sign-in-submit").click();
      await page.getByTestId("toast-success").getByText(text.signingInWith(alias)).waitFor();
      // The old sign-in address is an alias now, verified; the user menu names the new one.
      await page.locator(`[data-testid="alias"][data-email="${user.email}"]`).getByTestId("alias-verified").waitFor();
      await page.getByText(alias, { exact: true }).first().waitFor();
      const rows = await query<{ email: string }>("select email from users where id = $1", [user.id]);
      expect(rows[0]?.email).toBe(alias);
    });
  }

  it("shows the phone read-only, grouped as it is read aloud, and stores the language on the user", async () => {
    const { page, user } = await open("is");
    // +3546111234 reads +354 611 1234.
    const grouped = `${user.phone.slice(0, 4)} ${user.phone.slice(4, 7)} ${user.phone.slice(7)}`;
    await expect.poll(() => page.getByTestId("settings-phone").inputValue()).toBe(grouped);
    expect(await page.getByTestId("settings-phone").getAttribute("readonly")).not.toBeNull();
    await page.getByTestId("language-switch").getByText("English").click();
    await page.getByText("Profile photo").waitFor();
    await expect
      .poll(
        async () => (await query<{ locale: string }>("select locale from users where id = $1", [user.id]))[0]?.locale,
      )
      .toBe("en-US");
  });
});
