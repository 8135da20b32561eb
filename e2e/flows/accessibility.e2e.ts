import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { accessibilityViolations, whenStill } from "../support/axe.ts";
import { useBrowsers } from "../support/browser-pool.ts";
import { demoProjectId, query } from "../support/db.ts";
import { insertInvite, uniqueEmail } from "../support/people.ts";
import { reflowFailures } from "../support/reflow.ts";
import { openAsCompanyOwner, signInAs } from "../support/session.ts";
import { signUpCompanyOverApi } from "../support/sign-up-api.ts";

/**
 * Every page of the dashboard and the employee app, and the panels, dialogs and menus a person opens on them, pass
 * axe's WCAG 2.2 AA rules and best practices in both languages: text that reads against its background, controls
 * named by what they show, one banner, one main and headings in order. And they reflow at 320 px wide (WCAG 1.4.10):
 * nothing past the edge that no scrolling reaches. Read with the roles that see each page, on the demo company's data
 * (the test only reads, but for an invitation of its own), which has a row of every kind these pages list.
 */

const LOCALES = ["is", "en"] as const;

/**
 * A page to check: its address, and what shows once it has loaded. A dialog, panel or menu is a stop too: what is
 * clicked in turn to open it on its page, and what it is called in a failure.
 */
type Stop = { path: string; ready: string; clicks?: readonly string[]; what?: string };

const demoIds = async () => {
  const projectId = await demoProjectId();
  const one = async (sql: string): Promise<string> => {
    const [row] = await query<{ id: string }>(sql, [projectId]);
    if (!row) throw new Error(`The demo company has nothing for: ${sql}`);
    return row.id;
  };
  return {
    card: await one("select id from cards where project_id = $1 and status = 'ACTIVE' order by created_at limit 1"),
    team: await one("select id from teams where project_id = $1 order by created_at limit 1"),
    purchase: await one("select id from transactions where project_id = $1 order by transaction_date desc limit 1"),
    // A purchase with a photographed receipt, which opens in the dashboard's viewer (a PDF opens in a tab).
    receiptPurchase: await one(
      `select t.id from transactions t join receipts r on r.transaction_id = t.id and r.project_id = t.project_id
        where t.project_id = $1 and r.deleted_at is null and r.file_type like 'image/%'
        order by t.transaction_date desc limit 1`,
    ),
    employeeCard: await one(
      `select c.id from cards c join users u on u.id = c.cardholder_id
        where c.project_id = $1 and u.email = 'employee@demo.is' order by c.created_at limit 1`,
    ),
    employeePurchase: await one(
      `select t.id from transactions t join users u on u.id = t.user_id
        where t.project_id = $1 and u.email = 'employee@demo.is' order by t.transaction_date desc limit 1`,
    ),
  };
};

/** The pages before signing in, and the public pages a link in an e-mail opens. */
const PUBLIC_PAGES: readonly Stop[] = [
  { path: "/auth", ready: "main [data-testid=auth-submit]" },
  { path: "/terms", ready: "main h1" },
  { path: "/privacy", ready: "main h1" },
  { path: "/onboarding/create", ready: "[data-testid=onboarding-company-name]" },
  { path: "/complete", ready: "[data-testid=page-complete]" },
  { path: "/Version", ready: "[data-testid=version-number]" },
  { path: "/an-address-that-is-not-there", ready: "[data-testid=page-not-found]" },
  // The demo's outbox, where a person reads the sign-in codes the demo sends.
  { path: "/dev/outbox", ready: "[data-testid=outbox-table]" },
];

type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/** Every page of the dashboard's menu and the pages its rows open, as the owner sees them. */
const ownerPages = (ids: DemoIds): Stop[] => [
  { path: "/expenses", ready: "[data-testid=ledger-row]" },
  { path: `/expenses/${ids.purchase}`, ready: "[data-testid=panel-receipts]" },
  { path: "/cards", ready: "[data-testid=card-row]" },
  { path: `/cards/${ids.card}`, ready: "[data-testid=card-settled]" },
  { path: "/people", ready: "[data-testid=user-row]" },
  { path: "/teams", ready: "[data-testid=team-row]" },
  { path: `/teams/${ids.team}`, ready: "[data-testid=team-member]" },
  { path: "/overview", ready: "[data-testid=overview-trend-chart]" },
  { path: "/overview/audit-log", ready: "[data-testid=audit-row]" },
  { path: "/invoices", ready: "[data-testid=invoice-row]" },
  { path: "/personal-settings", ready: "[data-testid=referrals]" },
  { path: "/card-designs", ready: "[data-testid=card-designs-page]" },
];

const ACCOUNTING_TABS: readonly Stop[] = [
  { path: "/accounting?tab=categories", ready: "[data-testid=category-row]" },
  { path: "/accounting?tab=dimensions", ready: "[data-testid=dimensions-tab]" },
  { path: "/accounting?tab=tax", ready: "[data-testid=tax-category-row]" },
  { path: "/accounting?tab=export-accounts", ready: "[data-testid=export-accounts]" },
  { path: "/accounting?tab=rules", ready: "[data-testid=rule-form]" },
  { path: "/accounting?tab=spend-rules", ready: "[data-testid=receipt-lock-setting]" },
];

/** The employee app's pages. */
const employeePages = (ids: DemoIds): Stop[] => [
  { path: "/app", ready: "[data-testid=app-card-status]" },
  { path: `/app/cards/${ids.employeeCard}`, ready: "[data-testid=app-activity-row]" },
  { path: "/app/transactions", ready: "[data-testid=app-transaction-row]" },
  { path: `/app/transactions/${ids.employeePurchase}`, ready: "[data-testid=app-category-select]" },
  { path: "/app/notifications", ready: "[data-testid=app-notification]" },
  { path: "/app/account", ready: "[data-testid=passcode-change-open]" },
];

const testId = (id: string) => `[data-testid=${id}]`;
const actionsOf = (email: string) => `[data-testid=user-row][data-email="${email}"] [data-testid=user-actions]`;

/** What the owner opens on the dashboard's pages: every dialog, side panel and menu with a form or a choice. */
const ownerDialogs = (ids: DemoIds): Stop[] => [
  ...(["rename", "limits", "cardholder", "team", "category"] as const).map((kind) => ({
    what: `the card's ${kind} dialog`,
    path: `/cards/${ids.card}`,
    clicks: [testId(`card-action-${kind}`)],
    ready: testId("card-edit-modal"),
  })),
  {
    what: "closing a card",
    path: `/cards/${ids.card}`,
    clicks: [testId("card-action-close")],
    ready: testId("close-card-confirm"),
  },
  {
    what: "the create-card form",
    path: "/cards",
    clicks: [testId("create-card-button"), testId("card-type-EMPLOYEE_EXPENSE")],
    ready: testId("create-card-form"),
  },
  {
    what: "a team admin's invitation",
    path: "/people",
    clicks: [testId("invite-button"), testId("invite-role-team_admin")],
    ready: testId("invite-details-step"),
  },
  {
    what: "a person's actions",
    path: "/people",
    clicks: [actionsOf("employee@demo.is")],
    ready: testId("user-action-role"),
  },
  {
    what: "a person's role",
    path: "/people",
    clicks: [actionsOf("employee@demo.is"), testId("user-action-role")],
    ready: testId("role-select"),
  },
  {
    what: "a team admin's limit control",
    path: "/people",
    clicks: [actionsOf("teamadmin@demo.is"), testId("user-action-limits")],
    ready: testId("limits-max-monthly"),
  },
  {
    what: "removing a person",
    path: "/people",
    clicks: [actionsOf("employee@demo.is"), testId("user-action-remove")],
    ready: testId("remove-user-modal"),
  },
  { what: "a new team", path: "/teams", clicks: [testId("create-team-button")], ready: testId("create-team-form") },
  {
    what: "a team's budget",
    path: `/teams/${ids.team}`,
    clicks: [testId("edit-budget-button")],
    ready: testId("budget-editor-input"),
  },
  {
    what: "deleting a team",
    path: `/teams/${ids.team}`,
    clicks: [testId("delete-team-button")],
    ready: testId("delete-team-confirm"),
  },
  {
    what: "a new category",
    path: "/accounting?tab=categories",
    clicks: [testId("create-category-button")],
    ready: testId("category-form"),
  },
  {
    what: "archiving a category",
    path: "/accounting?tab=categories",
    clicks: [testId("category-actions"), testId("category-archive")],
    ready: testId("archive-category-confirm"),
  },
  {
    what: "a new dimension",
    path: "/accounting?tab=dimensions",
    clicks: [testId("create-dimension")],
    ready: testId("dimension-form"),
  },
  {
    what: "the capture tolerance",
    path: "/accounting?tab=spend-rules",
    clicks: [testId("capture-tolerance-edit")],
    ready: testId("capture-tolerance-form"),
  },
  {
    what: "a credit limit request",
    path: "/overview",
    clicks: [testId("credit-request-open")],
    ready: testId("credit-request-amount"),
  },
  { what: "a deposit", path: "/overview", clicks: [testId("credit-deposit-open")], ready: testId("deposit-account") },
  {
    what: "a category for the rows chosen",
    path: "/expenses",
    clicks: [testId("ledger-row-select"), testId("ledger-bulk-category")],
    ready: testId("ledger-bulk-value"),
  },
  {
    what: "a receipt's viewer",
    path: `/expenses/${ids.receiptPurchase}`,
    clicks: [testId("receipt-open")],
    ready: testId("receipt-preview"),
  },
  { what: "the export dialog", path: "/expenses", clicks: [testId("export-open")], ready: testId("export-dialog") },
  { what: "the exports", path: "/expenses", clicks: [testId("exports-open")], ready: testId("exports-panel") },
  {
    what: "the receipts' mailbox",
    path: "/expenses",
    clicks: [testId("receipts-inbox-open")],
    ready: testId("receipts-inbox"),
  },
  { what: "the support form", path: "/expenses", clicks: [testId("support-button")], ready: testId("support-form") },
  {
    what: "an invoice's actions",
    path: "/invoices",
    clicks: [testId("invoice-actions")],
    ready: testId("invoice-view"),
  },
  {
    what: "a new phone number",
    path: "/personal-settings",
    clicks: [testId("phone-change-open")],
    ready: testId("phone-change-phone"),
  },
  {
    what: "a new passcode",
    path: "/personal-settings",
    clicks: [testId("passcode-change-open")],
    ready: testId("passcode-change-passcode"),
  },
];

/** The platform's console, and what its owner opens on a company waiting for approval. */
const PLATFORM_DIALOGS: readonly Stop[] = [
  { path: "/platform", ready: testId("pending-company-row") },
  {
    what: "approving a company",
    path: "/platform",
    clicks: [testId("pending-company-approve")],
    ready: testId("approve-company-modal"),
  },
  {
    what: "rejecting a company",
    path: "/platform",
    clicks: [testId("pending-company-reject")],
    ready: testId("reject-company-modal"),
  },
];

/** What an employee opens on a card in the app (the first active card, on the cards page). */
const EMPLOYEE_DIALOGS: readonly Stop[] = [
  {
    what: "the card's details",
    path: "/app",
    clicks: [testId("app-card-reveal")],
    ready: testId("app-reveal-passcode"),
  },
  { what: "a new PIN", path: "/app", clicks: [testId("app-card-pin")], ready: testId("app-pin-passcode") },
  { what: "adding to a wallet", path: "/app", clicks: [testId("app-card-wallet")], ready: testId("app-wallet-apple") },
];

/** Opens each stop and collects what axe finds there, prefixed by the page, so one failure lists them all. */
const check = async (page: Page, stops: readonly Stop[]) => {
  const found: string[] = [];
  for (const stop of stops) {
    await page.goto(`${inject("baseUrl")}${stop.path}`);
    await page.locator(stop.ready).first().waitFor();
    for (const violation of await accessibilityViolations(page)) found.push(`${stop.path}: ${violation}`);
  }
  return found;
};

const opened = async (page: Page, what: string): Promise<string[]> =>
  (await accessibilityViolations(page)).map((violation) => `${what}: ${violation}`);

/**
 * Opens each stop at the window's size (NARROW) and collects what axe finds there and what does not reflow
 * (support/reflow.ts): at 320 px a table scrolls in its own box, which the keyboard must reach, say.
 */
const checkNarrow = async (page: Page, stops: readonly Stop[]) => {
  const found: string[] = [];
  for (const stop of stops) {
    await page.goto(`${inject("baseUrl")}${stop.path}`);
    for (const selector of stop.clicks ?? []) await page.locator(selector).first().click();
    await page.locator(stop.ready).first().waitFor();
    await whenStill(page);
    const failures = [...(await accessibilityViolations(page)), ...(await reflowFailures(page))];
    for (const failure of failures) found.push(`${stop.what ?? stop.path}: ${failure}`);
  }
  return found;
};

/** WCAG 1.4.10's width: a 1280 px screen zoomed to 400%, and the narrowest phones. */
const NARROW = { width: 320, height: 640 };

describe("accessibility (WCAG 2.2 AA)", () => {
  const browser = useBrowsers();

  for (const locale of LOCALES) {
    it(`the pages before signing in (${locale})`, async () => {
      const page = await browser();
      await page.goto(`${inject("baseUrl")}/404`);
      await page.evaluate((lang) => localStorage.setItem("kort.locale", lang), locale);
      const found = await check(page, PUBLIC_PAGES);
      expect(found).toEqual([]);
    });

    it(`the owner's pages (${locale})`, { timeout: 120_000 }, async () => {
      const ids = await demoIds();
      const page = await browser();
      await signInAs(page, "owner@demo.is", locale);
      const found = await check(page, ownerPages(ids));
      expect(found).toEqual([]);
    });

    it(`the accounting page's tabs (${locale})`, async () => {
      const page = await browser();
      await signInAs(page, "owner@demo.is", locale);
      const found = await check(page, ACCOUNTING_TABS);
      expect(found).toEqual([]);
    });

    it(`the panels, dialogs and menus the owner opens (${locale})`, async () => {
      const page = await browser();
      await signInAs(page, "owner@demo.is", locale);
      const found: string[] = [];
      await page.goto(`${inject("baseUrl")}/cards`);
      await page.getByTestId("card-row").first().waitFor();
      // The keyboard's first stop is the skip link, shown when focused; it takes the focus past the menu and header
      // to the page, whose first control is the next stop.
      const skip = page.getByTestId("skip-to-content");
      const onScreen = async () => {
        const box = await skip.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height > 0;
      };
      expect(await onScreen()).toBe(false);
      await page.keyboard.press("Tab");
      await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "skip-to-content");
      await whenStill(page);
      expect(await onScreen()).toBe(true);
      found.push(...(await opened(page, "the skip link")));
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.tagName === "MAIN");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);

      await page.getByTestId("create-card-button").click();
      await page.getByTestId("card-type-step").waitFor();
      found.push(...(await opened(page, "the create-card panel's choice of type")));
      await page.getByTestId("card-type-BUSINESS_EXPENSE").click();
      await page.getByTestId("create-card-form").waitFor();
      found.push(...(await opened(page, "the create-card form")));

      await page.goto(`${inject("baseUrl")}/expenses`);
      await page.getByTestId("export-open").click();
      await page.getByTestId("export-dialog").waitFor();
      found.push(...(await opened(page, "the export dialog")));

      await page.keyboard.press("Escape");
      await page.getByTestId("export-dialog").waitFor({ state: "detached" });
      await page.getByTestId("notification-bell").click();
      await page.getByTestId("notification-list").waitFor();
      found.push(...(await opened(page, "the notifications")));

      await page.keyboard.press("Escape");
      await page.getByTestId("user-menu").click();
      await page.getByTestId("user-menu-sign-out").waitFor();
      found.push(...(await opened(page, "the user menu")));
      expect(found).toEqual([]);
    });

    it(`the team admin's, the accountant's and the platform's pages (${locale})`, { timeout: 120_000 }, async () => {
      const teamAdmin = await browser();
      await signInAs(teamAdmin, "teamadmin@demo.is", locale);
      const found = await check(teamAdmin, [
        { path: "/expenses", ready: "[data-testid=ledger-row]" },
        { path: "/cards", ready: "[data-testid=card-row]" },
        { path: "/people", ready: "[data-testid=user-row]" },
        { path: "/teams", ready: "[data-testid=team-row]" },
        { path: "/overview", ready: "[data-testid=access-denied]" },
      ]);
      const accountant = await browser();
      await signInAs(accountant, "accountant@demo.is", locale);
      found.push(
        ...(await check(accountant, [
          { path: "/expenses", ready: "[data-testid=ledger-row]" },
          { path: "/accounting", ready: "[data-testid=category-row]" },
          { path: "/invoices", ready: "[data-testid=invoice-row]" },
        ])),
      );
      const platform = await browser();
      await signInAs(platform, "platform@demo.is", locale);
      found.push(...(await check(platform, [{ path: "/platform", ready: "[data-testid=pending-companies]" }])));
      expect(found).toEqual([]);
    });

    it(`the employee app (${locale})`, async () => {
      const ids = await demoIds();
      const page = await browser();
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, "employee@demo.is", locale);
      const found = await check(page, employeePages(ids));
      expect(found).toEqual([]);
    });

    it(`every page reflows at 320 px wide (${locale})`, { timeout: 180_000 }, async () => {
      const ids = await demoIds();
      const visitor = await browser();
      await visitor.setViewportSize(NARROW);
      await visitor.goto(`${inject("baseUrl")}/404`);
      await visitor.evaluate((lang) => localStorage.setItem("kort.locale", lang), locale);
      const found = await checkNarrow(visitor, PUBLIC_PAGES);
      const owner = await browser();
      await owner.setViewportSize(NARROW);
      await signInAs(owner, "owner@demo.is", locale);
      found.push(...(await checkNarrow(owner, [...ownerPages(ids), ...ACCOUNTING_TABS])));
      const employee = await browser();
      await employee.setViewportSize(NARROW);
      await signInAs(employee, "employee@demo.is", locale);
      found.push(...(await checkNarrow(employee, employeePages(ids))));
      expect(found).toEqual([]);
    });

    it(`the dialogs, panels and menus, read and reflowed at 320 px (${locale})`, { timeout: 240_000 }, async () => {
      const ids = await demoIds();
      const owner = await browser();
      await owner.setViewportSize(NARROW);
      await signInAs(owner, "owner@demo.is", locale);
      const found = await checkNarrow(owner, ownerDialogs(ids));
      const employee = await browser();
      await employee.setViewportSize(NARROW);
      await signInAs(employee, "employee@demo.is", locale);
      found.push(...(await checkNarrow(employee, EMPLOYEE_DIALOGS)));
      const platform = await browser();
      await platform.setViewportSize(NARROW);
      await signInAs(platform, "platform@demo.is", locale);
      found.push(...(await checkNarrow(platform, PLATFORM_DIALOGS)));
      // The onboarding checklist, which a new company's owner sees (the demo's owners have done its steps).
      const newOwner = await browser();
      await newOwner.setViewportSize(NARROW);
      const company = await signUpCompanyOverApi(`Þröngt ${randomUUID().slice(0, 8)} ehf.`);
      // A day old, so the checklist waits for its icon instead of opening by itself at some moment of the load.
      await query("update users set created_at = now() - interval '1 day' where email = $1", [company.email]);
      await openAsCompanyOwner(newOwner, company, { locale, checklist: true });
      found.push(
        ...(await checkNarrow(newOwner, [
          {
            what: "the onboarding checklist",
            path: "/cards",
            clicks: [testId("checklist-button")],
            ready: testId("checklist-body"),
          },
        ])),
      );
      // The page an invitation's link opens, before signing in.
      const invite = await insertInvite({ projectId: await demoProjectId(), email: uniqueEmail(), role: "accountant" });
      const visitor = await browser();
      await visitor.setViewportSize(NARROW);
      await visitor.goto(`${inject("baseUrl")}/404`);
      await visitor.evaluate((lang) => localStorage.setItem("kort.locale", lang), locale);
      const invitation = `/invites/accept?${new URLSearchParams({ invite_id: invite.id, token: invite.token })}`;
      found.push(
        ...(await checkNarrow(visitor, [{ what: "an invitation", path: invitation, ready: testId("invite-accept") }])),
      );
      expect(found).toEqual([]);
    });
  }
});
