import { afterEach, describe, expect, inject, it } from "vitest";
import { closeBrowser } from "../support/artifacts.ts";
import { expectDots, openIn } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { projectIdOf } from "../support/db.ts";
import { insertInvite, insertUser, randomKennitala, uniqueEmail, uniquePhone } from "../support/people.ts";
import { finishSignUpScreens } from "../support/sign-up-ui.ts";

const acceptPath = (invite: { id: string; token: string }) =>
  `/invites/accept?${new URLSearchParams({ invite_id: invite.id, token: invite.token })}`;

/** The invitation link (docs/auth.md): accept, then sign in or sign up with 4 progress dots. */
describe("invitations", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  const open = async (path: string, locale: "is" | "en") => {
    browser = await openBrowser();
    await openIn(browser.page, path, locale);
    return browser.page;
  };
  const demoCompany = () => projectIdOf("Demo ehf.");

  it("lets a new person accept and finish sign-up in 4 steps, in Icelandic", async () => {
    const invite = await insertInvite({ projectId: await demoCompany(), email: uniqueEmail(), role: "accountant" });
    const page = await open(acceptPath(invite), "is");
    const details = page.getByTestId("invite-details");
    await details.getByTestId("invite-company").getByText("Demo ehf.").waitFor();
    await details.getByTestId("invite-role").getByText("Bókari").waitFor();
    await page.getByTestId("invite-accept").click();
    await page.waitForURL((url) => url.pathname.startsWith("/auth/signup/fullname/"));
    await expectDots(page, 1, 4);
    const person = {
      fullName: "Jóna Boðsdóttir",
      nin: randomKennitala("person"),
      passcode: "8642",
      phone: uniquePhone(),
    };
    await finishSignUpScreens(page, person, 4);
    await page.getByTestId("page-complete").getByText("Skráningu lokið").waitFor();
    await page.getByTestId("complete-dashboard").click();
    await page.waitForURL((url) => url.pathname === "/expenses");
    await page.getByTestId("user-menu").getByText(invite.email).waitFor();
  });

  it("joins a person who already has a user at once, then sends them to sign in", async () => {
    const user = await insertUser();
    const invite = await insertInvite({ projectId: await demoCompany(), email: user.email, role: "accountant" });
    const page = await open(acceptPath(invite), "en");
    await page.getByTestId("invite-accept").click();
    await page.getByTestId("invite-accepted").getByText("The invitation has been accepted.").waitFor();
    await page.getByTestId("invite-sign-in").click();
    await page.waitForURL((url) => url.pathname === "/auth");

    // The same link again: accepted already.
    await page.goto(`${inject("baseUrl")}${acceptPath(invite)}`);
    await page.getByTestId("invite-status").getByText("This invitation has already been accepted.").waitFor();
    await page.getByTestId("invite-sign-in").waitFor();
    expect(await page.getByTestId("invite-accept").count()).toBe(0);
  });

  it("tells a member that they are one already", async () => {
    const projectId = await demoCompany();
    const user = await insertUser({ projectId, role: "team_admin" });
    const invite = await insertInvite({ projectId, email: user.email, role: "accountant" });
    const page = await open(acceptPath(invite), "is");
    await page.getByTestId("invite-accept").click();
    const error = page.getByTestId("invite-error");
    await error.getByText("Þessi notandi er þegar meðlimur.").waitFor();
    expect(await error.getAttribute("data-code")).toBe("ALREADY_MEMBER");
    await page.getByTestId("invite-sign-in").waitFor();
  });

  it("refuses an expired invitation and a wrong link secret", async () => {
    const projectId = await demoCompany();
    const expired = await insertInvite({ projectId, email: uniqueEmail(), role: "user", expiresInMs: -60_000 });
    const page = await open(acceptPath(expired), "en");
    const status = page.getByTestId("invite-status");
    await status.getByText("The invitation has expired.").waitFor();
    expect(await status.getAttribute("data-code")).toBe("INVITATION_EXPIRED");
    expect(await page.getByTestId("invite-accept").count()).toBe(0);

    const pending = await insertInvite({ projectId, email: uniqueEmail(), role: "user" });
    await page.goto(`${inject("baseUrl")}${acceptPath({ id: pending.id, token: "not-the-secret" })}`);
    await page.getByTestId("invite-accept").click();
    const error = page.getByTestId("invite-error");
    await error.getByText("The invitation was not found.").waitFor();
    expect(await error.getAttribute("data-code")).toBe("INVITATION_NOT_FOUND");
  });

  it("explains a link without its details", async () => {
    const page = await open("/invites/accept", "en");
    await page.getByText("The link is missing the invitation details.").waitFor();
  });
});
