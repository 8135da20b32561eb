import { afterEach, describe, expect, inject, it } from "vitest";
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

  it("accepts a GIF profile photo, says so, and shows it in the user menu", async () => {
    const { page } = await open("en");
    await page.getByTestId("photo-input").setInputFiles({ name: "me.gif", mimeType: "image/gif", buffer: GIF });
    await page.getByTestId("toast-success").getByText("Your profile photo was saved.").waitFor();
    const avatar = page.getByTestId("user-avatar").locator("img");
    await avatar.waitFor();
    expect(await avatar.getAttribute("src")).toMatch(/\/v1\/users\/[^/]+\/images\/[^/]+\/thumbnail\?expires=/);
    // The image loads: the signed link answers the thumbnail.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="user-avatar"] img');
      return img?.complete === true && img.naturalWidth > 0;
    });
  });

  it("refuses a PNG renamed .gif with the message, in Icelandic", async () => {
    const { page } = await open("is");
    await page.getByTestId("photo-input").setInputFiles({ name: "mynd.gif", mimeType: "image/gif", buffer: PNG });
    await page
      .getByTestId("toast-error")
      .getByText(
        "Myndinni var hafnað: Innihald skrárinnar passar ekki við nafn hennar. Hladdu upp upprunalegu myndinni.",
      )
      .waitFor();
    expect(await page.getByTestId("user-avatar").locator("img").count()).toBe(0);
  });

  it("refuses bad content behind a .gif name", async () => {
    const { page } = await open("en");
    const bad = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 1)]);
    await page.getByTestId("photo-input").setInputFiles({ name: "broken.gif", mimeType: "image/gif", buffer: bad });
    await page
      .getByTestId("toast-error")
      .getByText("The photo was refused: The image could not be read. Choose another image.")
      .waitFor();
  });

  it("shows the phone read-only and stores the language on the user", async () => {
    const { page, user } = await open("is");
    await expect.poll(() => page.getByTestId("settings-phone").inputValue()).toBe(user.phone);
    expect(await page.getByTestId("settings-phone").getAttribute("readonly")).not.toBeNull();
    await page.getByTestId("language-switch").getByText("English").click();
    await page.getByText("Profile photo").waitFor();
    await expect
      .poll(
        async () => (await query<{ locale: string }>("select locale from users where id = $1", [user.id]))[0]?.locale,
      )
      .toBe("en-US");
  });

  it("adds an e-mail alias with Enter, verifies it by the e-mail's link, and removes it", async () => {
    const { page } = await open("en");
    const input = page.getByTestId("alias-input");
    await input.fill("not-an-address");
    await input.press("Enter");
    await page.getByText("This is not a valid e-mail address.").waitFor();

    const alias = uniqueEmail();
    await input.fill(alias);
    await input.press("Enter");
    const row = page.locator(`[data-testid="alias"][data-email="${alias}"]`);
    await row.getByTestId("alias-unverified").waitFor();
    // The same address again is refused.
    await input.fill(alias);
    await input.press("Enter");
    await page.getByText("This e-mail address is already registered.").waitFor();

    const link = linkIn(await waitForMessage(alias));
    await page.goto(link);
    await page.locator('[data-testid="page-alias-verify"][data-state="verified"]').waitFor();
    await page.getByText(`${alias} is now connected to your account.`).waitFor();
    await page.goto(`${inject("baseUrl")}/personal-settings`);
    await row.getByTestId("alias-verified").waitFor();
    await row.getByTestId("alias-remove").click();
    await row.waitFor({ state: "detached" });
  });
});
