import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { DEMO_PASSCODE, DEMO_USERS } from "../../apps/server/src/app/seed/seed-data.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { typeCode } from "../support/auth-ui.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { expectPhoneFriendly, PHONE } from "../support/phone.ts";
import { mailReceipt } from "../support/receipt-mail.ts";
import { createSessionToken } from "../support/session.ts";

/**
 * Issue 17's remainder on a phone (390x844): unlock with the phone's biometrics (Chromium's virtual platform
 * authenticator), the notifications list where a reminder opens its purchase, the PIN change and the wallet in demo
 * mode. Each test makes its own card and purchase.
 */

const employee = { ...DEMO_USERS.employee, passcode: DEMO_PASSCODE };

/**
 * WebAuthn's relying party must be a domain, never an address: the unlock flow runs on `localhost` (the same
 * server; Chromium counts http://localhost as a secure context), the others on the run's own address.
 */
const localhostUrl = (): string => inject("baseUrl").replace("127.0.0.1", "localhost");

type Api = { token: string; projectId: string };

const call = async <T>(api: Api, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${inject("baseUrl")}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${api.token}`,
      "x-project-id": api.projectId,
      "idempotency-key": randomUUID(),
      "content-type": "application/json",
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
};

const apiAs = async (email: string): Promise<Api> => ({
  token: (await createSessionToken(email)).token,
  projectId: await demoProjectId(),
});

/** A card of the demo employee's, issued by the owner, with its number as the network sends it. */
const employeeCard = async (name: string) => {
  const owner = await apiAs(DEMO_USERS.owner.email);
  const [holder] = await query<{ id: string }>("select id from users where email = $1", [employee.email]);
  const card = await call<{ id: string }>(owner, "POST", "/v1/funding_sources", {
    card_type: "EMPLOYEE_EXPENSE",
    cardholder_id: holder?.id,
    description: name,
    limits: [{ sum_amount: 150_000, period: "MONTHLY" }],
  });
  const details = await call<{ pan: string; expiry_month: number; expiry_year: number }>(
    await apiAs(employee.email),
    "POST",
    `/v1/funding_sources/${card.id}/sensitive`,
    { passcode: employee.passcode },
  );
  return { id: card.id, ...details, owner };
};

/** A purchase on the card through the card network's interface; answers the purchase (transaction) id. */
const purchase = async (card: { pan: string; expiry_month: number; expiry_year: number }, merchant: string) => {
  const response = await fetch(`${inject("baseUrl")}/v1/network/authorizations`, {
    method: "POST",
    headers: { "x-network-key": "demo-network-key", "content-type": "application/json" },
    body: JSON.stringify({
      pan: card.pan,
      expiry_month: card.expiry_month,
      expiry_year: card.expiry_year,
      amount: 8_900,
      currency: "ISK",
      merchant_name: merchant,
      mcc: "5812",
      merchant_country: "IS",
    }),
  });
  const answer = (await response.json()) as { id: string; approved: boolean };
  expect(answer.approved).toBe(true);
  const [row] = await query<{ id: string }>("select id from transactions where authorization_id = $1", [answer.id]);
  if (!row) throw new Error("no purchase row");
  return row.id;
};

/**
 * The employee signed in on `base` (an approved token in local storage, as after the passcode), in Icelandic unless
 * `locale` says otherwise.
 */
const openAppSignedIn = async (page: Page, base: string, path = "/app", locale: "is" | "en" = "is") => {
  const session = await createSessionToken(employee.email);
  await page.goto(`${base}/404`);
  await page.evaluate(
    ([auth, language]) => {
      localStorage.setItem("kort.auth", auth);
      localStorage.setItem("kort.locale", language);
    },
    [JSON.stringify(session), locale] as const,
  );
  await page.goto(`${base}${path}`);
  await page.getByTestId("employee-app").waitFor();
};

const tileOf = (page: Page, name: string) => page.locator(`[data-testid="app-card"][data-card-name="${name}"]`);

describe("the employee app on a phone", () => {
  let browser: BrowserSession | undefined;
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
  });

  it("turns on unlock with biometrics, and after sign-out unlocks with the phone instead of the passcode", async () => {
    browser = await openBrowser(PHONE);
    const { page } = browser;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const base = localhostUrl();
    await openAppSignedIn(page, base);
    const deviceId = await page.evaluate(() => localStorage.getItem("kort.device"));
    // The app registers the phone as the employee's device on start; unlock is turned on for that device.
    await expect.poll(async () => (await query("select 1 from devices where id = $1", [deviceId])).length).toBe(1);
    await page.getByTestId("app-unlock-turn-on").tap();
    await typeCode(page, "app-unlock-passcode", employee.passcode);
    await page.getByTestId("app-unlock-submit").tap();
    await page.getByTestId("app-unlock-on").waitFor();
    const credentials = await query<{ user_email: string }>(
      "select u.email as user_email from webauthn_credentials c join users u on u.id = c.user_id where c.device_id = $1",
      [deviceId],
    );
    expect(credentials).toEqual([{ user_email: employee.email }]);
    await expectPhoneFriendly(page);

    // Signed out, the app asks the phone instead of the passcode.
    await page.getByTestId("app-sign-out").tap();
    await page.waitForURL((url) => !url.pathname.startsWith("/app"));
    await page.goto(`${base}/app/transactions`);
    await page.waitForURL((url) => url.pathname === "/app/unlock");
    await page.getByTestId("app-unlock").waitFor();
    await expectPhoneFriendly(page);
    await page.getByTestId("app-unlock-button").tap();
    await page.waitForURL((url) => url.pathname === "/app/transactions");
    await page.getByTestId("app-transactions").waitFor();
    const sessions = await query<{ n: string }>(
      `select count(*)::text as n from tokens t join users u on u.id = t.user_id
        where u.email = $1 and t.authenticator = 'webauthn' and t.status = 'approved'`,
      [employee.email],
    );
    expect(Number(sessions[0]?.n)).toBeGreaterThan(0);
  });

  it("shows a reminder in the notifications, and tapping it opens the purchase", async () => {
    const merchant = `Te og kaffi ${randomUUID().slice(0, 6)}`;
    const card = await employeeCard(`Áminning ${randomUUID().slice(0, 6)}`);
    const purchaseId = await purchase(card, merchant);
    const reminded = await call<{ data?: { remind_transaction: { reminded: number } } }>(
      card.owner,
      "POST",
      "/graphql",
      {
        query: "mutation($ids: [ID!]!) { remind_transaction(transaction_ids: $ids) { reminded } }",
        variables: { ids: [purchaseId] },
      },
    );
    expect(reminded.data?.remind_transaction.reminded).toBe(1);

    browser = await openBrowser(PHONE);
    const { page } = browser;
    await openAppSignedIn(page, inject("baseUrl"));
    await page.getByTestId("app-nav-unread").waitFor();
    await page.getByTestId("app-nav-notifications").tap();
    await page.waitForURL((url) => url.pathname === "/app/notifications");
    const notice = page.locator(
      '[data-testid="app-notification"][data-kind="transaction.reminder"][data-unread="true"]',
    );
    await notice.first().waitFor();
    expect(await notice.first().textContent()).toContain("Áminning");
    await expectPhoneFriendly(page);
    await notice.first().tap();
    await page.waitForURL((url) => url.pathname === `/app/transactions/${purchaseId}`);
    expect(await page.getByTestId("app-transaction-merchant").textContent()).toBe(merchant);
    // It was marked read on the way.
    await expect
      .poll(
        async () =>
          (
            await query<{ read: boolean }>(
              `select read_at is not null as read from notifications
              where kind = 'transaction.reminder' and payload->'transaction_ids' ? $1`,
              [purchaseId],
            )
          )[0]?.read,
      )
      .toBe(true);
  });

  for (const language of ["is", "en"] as const) {
    it(`fits a purchase with an e-mailed receipt waiting, and the bottom bar, on the phone (${language})`, async () => {
      const merchant = `Bakaríið ${randomUUID().slice(0, 6)}`;
      const card = await employeeCard(`Kvittun ${randomUUID().slice(0, 6)}`);
      const purchaseId = await purchase(card, merchant);
      // A receipt e-mailed with nothing to match it by: it waits for the employee to attach it.
      const fileName = `kvittun-${randomUUID().slice(0, 8)}.png`;
      await mailReceipt({ from: employee.email, subject: "Kvittun", text: "Kvittun í viðhengi", fileName });

      browser = await openBrowser(PHONE);
      const { page } = browser;
      await openAppSignedIn(page, inject("baseUrl"), `/app/transactions/${purchaseId}`, language);
      const waiting = page.getByTestId("app-waiting-receipt").filter({ hasText: fileName });
      await waiting.waitFor();
      await page.getByTestId("app-receipts-address").waitFor();
      await expectPhoneFriendly(page);
      // Attached, it is the purchase's and waits no more (for this test or the next).
      await waiting.getByTestId("app-attach-receipt").tap();
      await waiting.waitFor({ state: "detached" });
      await expect
        .poll(async () => (await query("select 1 from receipts where transaction_id = $1", [purchaseId])).length)
        .toBe(1);
    });
  }

  it("shows a purchase's sub-categories in the categorise form, and saving a comment keeps them", async () => {
    const merchant = `Matstofan ${randomUUID().slice(0, 6)}`;
    const card = await employeeCard(`Deildir ${randomUUID().slice(0, 6)}`);
    const purchaseId = await purchase(card, merchant);
    // The owner puts the purchase on a category with a department (the demo's Deild dimension).
    const [choice] = await query<{ category_id: string; value_id: string }>(
      `select c.id as category_id, v.id as value_id
         from categories c
         join category_dimensions cd on cd.category_id = c.id
         join dimensions d on d.id = cd.dimension_id and d.title = 'Deild'
         join dimension_values v on v.dimension_id = d.id and v.title = 'Rekstur' and v.deleted_at is null
        where c.project_id = $1 and c.code = '2370' and c.enabled`,
      [card.owner.projectId],
    );
    if (!choice) throw new Error("No demo category with the Deild dimension");
    const set = await call<{ errors?: unknown }>(card.owner, "POST", "/graphql", {
      query: `mutation($id: ID!, $category: ID, $values: [ID!]) {
        set_transaction_category(transaction_id: $id, category_id: $category, subcategory_ids: $values) { id }
      }`,
      variables: { id: purchaseId, category: choice.category_id, values: [choice.value_id] },
    });
    expect(set.errors).toBeUndefined();

    browser = await openBrowser(PHONE);
    const { page } = browser;
    await openAppSignedIn(page, inject("baseUrl"), `/app/transactions/${purchaseId}`);
    await page.getByTestId("app-categorise").waitFor();
    const department = page.getByRole("combobox", { name: "Deild" });
    await expect.poll(() => department.inputValue()).toBe("Rekstur");
    // The filled selects' clear buttons are touch targets too.
    await expectPhoneFriendly(page);
    await page.getByTestId("app-comment").fill("Hádegisfundur");
    await page.getByTestId("app-categorise-save").tap();
    await page.getByTestId("app-categorise-saved").waitFor();
    const kept = await query<{ comments: string; value_id: string }>(
      `select t.comments, tdv.dimension_value_id as value_id
         from transactions t join transaction_dimension_values tdv on tdv.transaction_id = t.id
        where t.id = $1 and t.category_id = $2`,
      [purchaseId, choice.category_id],
    );
    expect(kept).toEqual([{ comments: "Hádegisfundur", value_id: choice.value_id }]);
  });

  it("tells the holder of a locked card that an administrator must unlock it", async () => {
    const name = `Læst ${randomUUID().slice(0, 6)}`;
    const card = await employeeCard(name);
    const locked = await call<{ errors?: unknown }>(card.owner, "POST", "/graphql", {
      query: "mutation($id: ID!) { lock_card(id: $id) { id } }",
      variables: { id: card.id },
    });
    expect(locked.errors).toBeUndefined();
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await openAppSignedIn(page, inject("baseUrl"));
    const tile = page.locator(`[data-testid="app-card"][data-card-name="${name}"][data-status="LOCKED"]`);
    await tile
      .getByTestId("app-card-locked")
      .getByText("Stjórnandi hefur læst kortinu og því er öllum greiðslum með því hafnað.", { exact: false })
      .waitFor();
    expect(await tile.getByTestId("app-card-left").textContent()).toBe("0 kr.");
    await expectPhoneFriendly(page);
  });

  it("changes the card's PIN after the passcode, keeping only a hash", async () => {
    const name = `PIN ${randomUUID().slice(0, 6)}`;
    const card = await employeeCard(name);
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await openAppSignedIn(page, inject("baseUrl"));
    const tile = tileOf(page, name);
    await tile.getByTestId("app-card-pin").tap();
    await page.getByTestId("app-pin-new").waitFor();
    await expectPhoneFriendly(page);
    await typeCode(page, "app-pin-new", "4821");
    await typeCode(page, "app-pin-again", "4822");
    await page.getByTestId("app-pin-mismatch").waitFor();
    expect(await page.getByTestId("app-pin-submit").isDisabled()).toBe(true);
    await typeCode(page, "app-pin-again", "4821");
    await typeCode(page, "app-pin-passcode", "0000");
    await page.getByTestId("app-pin-submit").tap();
    await page.getByTestId("app-pin-error").waitFor();
    expect(await page.getByTestId("app-pin-error").getAttribute("data-code")).toBe("INVALID_PASSCODE");
    await typeCode(page, "app-pin-passcode", employee.passcode);
    await page.getByTestId("app-pin-submit").tap();
    await page.getByTestId("app-pin-saved").waitFor();
    const [stored] = await query<{ pin_hash: string | null }>("select pin_hash from cards where id = $1", [card.id]);
    expect(stored?.pin_hash).toMatch(/^\$argon2id\$/);
    const audits = await query<{ data: unknown }>(
      "select data from audit_log where object_id = $1 and action = 'card.pin_set'",
      [card.id],
    );
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain("4821");
    await page.getByTestId("app-pin-done").tap();
  });

  it("adds the card to a wallet in demo mode, showing what the phone would do", async () => {
    const name = `Veski ${randomUUID().slice(0, 6)}`;
    const card = await employeeCard(name);
    browser = await openBrowser(PHONE);
    const { page } = browser;
    await openAppSignedIn(page, inject("baseUrl"));
    await tileOf(page, name).getByTestId("app-card-wallet").tap();
    await page.getByTestId("app-wallet-google").waitFor();
    await expectPhoneFriendly(page);
    await page.getByTestId("app-wallet-apple").tap();
    await page.locator('[data-testid="app-wallet-done"][data-wallet="apple"]').waitFor();
    expect(await page.getByTestId("app-wallet-payload").textContent()).toContain("encrypted_pass_data");
    expect(await page.getByTestId("app-wallet-payload").textContent()).not.toContain(card.pan);
    const audits = await query<{ data: { wallet: string } }>(
      "select data from audit_log where object_id = $1 and action = 'card.provision'",
      [card.id],
    );
    expect(audits.map((row) => row.data.wallet)).toEqual(["apple"]);
  });

  it("shows an announcement published for the company at the top of the cards, and it goes once acknowledged", async () => {
    const title = `Tilkynning ${randomUUID().slice(0, 8)}`;
    const projectId = await demoProjectId();
    // The platform owner publishes from the operator's own company (Kort hf.), for the demo company only.
    const [operator] = await query<{ project_id: string }>(
      `select m.project_id from project_members m join users u on u.id = m.user_id where u.email = 'platform@demo.is'`,
    );
    const response = await fetch(`${inject("baseUrl")}/graphql`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${(await createSessionToken("platform@demo.is")).token}`,
        "content-type": "application/json",
        "x-project-id": operator?.project_id ?? "",
      },
      body: JSON.stringify({
        query: "mutation($input: PublishAnnouncementInput!) { publish_announcement(input: $input) { id } }",
        variables: { input: { title, body: "Kort er komið með nýtt app.", project_id: projectId } },
      }),
    });
    const published = (await response.json()) as { data?: { publish_announcement: { id: string } }; errors?: unknown };
    // Published for the demo company only (others' flows never see it), and deleted after the test.
    expect(published.errors).toBeUndefined();
    const id = published.data?.publish_announcement.id;
    try {
      browser = await openBrowser(PHONE);
      const { page } = browser;
      await openAppSignedIn(page, inject("baseUrl"));
      const item = page.locator(`[data-testid="app-announcement"][data-id="${id}"]`);
      await item.getByText(title).waitFor();
      await item.getByText("Kort er komið með nýtt app.").waitFor();
      await expectPhoneFriendly(page);
      await item.getByRole("button", { name: "Ég skil" }).tap();
      await item.waitFor({ state: "detached" });
      await expect
        .poll(async () => {
          const [user] = await query<{ count: number }>(
            `select count(*)::int as count from announcement_acknowledgements k join users u on u.id = k.user_id
              where k.announcement_id = $1 and u.email = $2`,
            [id, employee.email],
          );
          return user?.count;
        })
        .toBe(1);
      // Opened again, the app asks the server afresh and the acknowledged one stays gone.
      await page.reload();
      await page.getByTestId("my-cards").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.locator(`[data-testid="app-announcement"][data-id="${id}"]`).count()).toBe(0);
    } finally {
      await query("delete from announcements where id = $1", [id]);
    }
  });
});
