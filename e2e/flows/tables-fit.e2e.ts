import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser } from "../support/browser.ts";
import { useBrowsers } from "../support/browser-pool.ts";
import { demoProjectId, query, withDb } from "../support/db.ts";
import { cutButtonLabels } from "../support/layout.ts";
import { insertInvite, insertUser, randomKennitala, uniqueEmail } from "../support/people.ts";
import { signInAs } from "../support/session.ts";

/**
 * Issue 10: at 1280 px the cards, people, teams, audit log, ledger and overview tables show every column inside the
 * page, badges whole, amounts and dates whole on one line, and cut text whole on hover, in both languages. The tables
 * are filled with the widest data the forms allow (30-character card names, 12-digit limits, every card status, long
 * names and e-mails) in a company of this flow's own.
 */

const WIDTH = 1280;
const LONG_NAME = "Guðmundína Sigurbjörg Jóhannesdóttir Þorvaldsen";
const LONG_TEAM = "Fjármála- og rekstrarsvið höfuðstöðva";
const STATUSES = ["ACTIVE", "EXPIRED", "FROZEN", "LOCKED", "CLOSED", "REJECTED", "CREATED"] as const;

type Company = { projectId: string; ownerEmail: string; ownerId: string };

/** A company with an owner, a long-named member, a team, one card in each status and a pending invitation. */
const makeWideCompany = async (): Promise<Company> => {
  const [project] = await query<{ id: string }>(
    `insert into projects (title, kennitala, credit_limit) values ($1, $2, 999999999999) returning id`,
    [`Breidd ${randomUUID().slice(0, 8)} ehf.`, randomKennitala("company").replace("-", "")],
  );
  if (!project) throw new Error("The company was not inserted");
  const projectId = project.id;
  const owner = await insertUser({ projectId, role: "project_owner" });
  const member = await insertUser({ projectId, role: "team_admin" });
  await withDb(async (client) => {
    const email = `gudmundina.sigurbjorg.johannesdottir.${randomUUID().slice(0, 8)}@fjarmalasvid-hofudstodva.is`;
    await client.query("update users set full_name = $2, email = $3 where id = $1", [member.id, LONG_NAME, email]);
    await client.query("update users set full_name = $2 where id = $1", [owner.id, "Anna Jónsdóttir"]);
    // The budget is a GraphQL Int: two billion is near the largest the API takes.
    const team = await client.query<{ id: string }>(
      `insert into teams (project_id, name, account_code, account_code_name, monthly_budget)
       values ($1, $2, '4010-99', 'Rekstrarkostnaður höfuðstöðva og útibúa', 2000000000) returning id`,
      [projectId, LONG_TEAM],
    );
    const teamId = team.rows[0]?.id;
    if (!teamId) throw new Error("The team was not inserted");
    await client.query("insert into team_members (project_id, team_id, user_id, is_admin) values ($1, $2, $3, true)", [
      projectId,
      teamId,
      member.id,
    ]);
    const category = await client.query<{ id: string }>(
      `insert into categories (project_id, title, code) values ($1, 'Ráðstefnur, námskeið og endurmenntun', '6590')
       returning id`,
      [projectId],
    );
    // The card secrets are copied from a demo card: the tables never read them.
    for (const [index, status] of STATUSES.entries()) {
      const card = await client.query<{ id: string }>(
        `insert into cards (project_id, card_type, team_id, status, description, masked_number, pan_encrypted,
           cvc_encrypted, expiration_month, expiration_year, cardholder_id, created_by, will_close_at, closed_at,
           default_transaction_category_id)
         select $1, $2::card_type, $3, $4::card_status, $5, lpad($6::text, 4, '0'), pan_encrypted, cvc_encrypted, 12, 2029, $7, $8,
           '2099-12-31T23:59:59.999Z', case when $4::card_status = 'CLOSED' then now() end, $9
         from cards limit 1
         returning id`,
        [
          projectId,
          index % 2 === 0 ? "EMPLOYEE_EXPENSE" : "BUSINESS_EXPENSE",
          teamId,
          status,
          `Ferðakostnaður erlendis nr ${index}`.padEnd(30, "x").slice(0, 30),
          String(1000 + index),
          member.id,
          owner.id,
          category.rows[0]?.id ?? null,
        ],
      );
      await client.query(
        `insert into card_limits (project_id, card_id, sum_amount, single_amount, period)
         values ($1, $2, 999999999999, 999999999999, 'NON_RECURRING')`,
        [projectId, card.rows[0]?.id],
      );
    }
  });
  await insertInvite({ projectId, email: `long.${uniqueEmail()}`, role: "accountant" });
  return { projectId, ownerEmail: owner.email, ownerId: owner.id };
};

/** How many purchases `addWidePurchases` writes. */
const WIDE_PURCHASES = 3;

/**
 * Purchases with the widest ledger cells on the company's active card: long merchant and description, a nine-digit
 * amount beside its foreign amount, the long category, one still unsettled.
 */
const addWidePurchases = async (projectId: string): Promise<void> => {
  await query(
    `insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
       original_currency, original_exponent, transaction_amount, transaction_date, closed_at, category_id)
     select c.project_id, c.id, c.cardholder_id, c.team_id, p.description, p.merchant, p.original, p.currency,
            p.exponent, p.amount, now() - interval '1 hour', case when p.settled then now() end,
            (select id from categories where project_id = c.project_id limit 1)
       from cards c,
            (values ('Hótel Reykjavík Centrum ehf. Aðalstræti 16', 'Gisting fyrir ráðstefnu fjármálasviðs í október',
                     123456789, 'USD', 2, 123456789, true),
                    ('Flugfélagið Ernir ehf. Reykjavíkurflugvelli', 'Flug fyrir sölufund á Höfn í Hornafirði',
                     9999999, 'ISK', 0, 9999999, false),
                    ('Bensínstöð Orkunnar Vesturlandsvegi', '', 12345, 'ISK', 0, 12345, true))
              p(merchant, description, original, currency, exponent, amount, settled)
      where c.project_id = $1 and c.status = 'ACTIVE'`,
    [projectId],
  );
};

const open = async (page: Page, email: string, projectId: string, language: "is" | "en", path: string) => {
  await signInAs(page, email, language);
  await page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
  await page.goto(`${inject("baseUrl")}${path}`);
};

/**
 * What does not fit in the table `testId`, as sentences (none when all is well): headers past the window's right
 * edge or cut, a scrolling container, cut badges, amounts or dates cut or over two lines, cut text without its
 * whole text on hover.
 */
const misfits = (page: Page, testId: string): Promise<string[]> =>
  page.getByTestId(testId).evaluate((table) => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport) {
      problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${viewport})`);
    }
    for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && box.scrollWidth > box.clientWidth) {
        problems.push(`the table's container scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
      }
    }
    for (const header of Array.from(table.querySelectorAll("th"))) {
      const rect = header.getBoundingClientRect();
      const name = header.textContent ?? "";
      if (rect.width === 0 || rect.left < 0 || rect.right > viewport) {
        problems.push(`header "${name}" is outside the window (${rect.left}-${rect.right})`);
      }
      if (header.scrollWidth > header.clientWidth) problems.push(`header "${name}" is cut`);
      // What a header holds beside its text (a sort arrow, an icon) is clipped, not scrolled, past its edge.
      for (const part of Array.from(header.querySelectorAll("*"))) {
        const box = part.getBoundingClientRect();
        if (box.width > 0 && (box.left < rect.left - 0.5 || box.right > rect.right + 0.5)) {
          problems.push(`header "${name}" is cut (${part.tagName.toLowerCase()} ends at ${box.right} > ${rect.right})`);
          break;
        }
      }
      // A sort arrow squeezed by its label is as unreadable as one past the edge: each icon keeps its own width.
      for (const icon of Array.from(header.querySelectorAll("svg"))) {
        const width = Number(icon.getAttribute("width"));
        if (icon.getBoundingClientRect().width < width - 0.5) {
          problems.push(`header "${name}" squeezes its icon (${icon.getBoundingClientRect().width} < ${width} px)`);
        }
      }
    }
    for (const badge of Array.from(table.querySelectorAll<HTMLElement>(".mantine-Badge-root"))) {
      const label = badge.querySelector<HTMLElement>(".mantine-Badge-label") ?? badge;
      if (label.scrollWidth > label.clientWidth || badge.scrollWidth > badge.clientWidth) {
        problems.push(`badge "${badge.textContent}" is cut`);
      }
    }
    // Amounts and dates are never cut nor wrapped: each stays whole inside the box that would clip it (a summary
    // cut at its column's edge aside).
    const whole = /\d{1,3}(?:\.\d{3})* kr\.|\d{2}\.\d{2}\.\d{4}|\d{1,2} [A-Z][a-z]{2} \d{4}/g;
    const texts = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(whole)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size !== 1) problems.push(`"${match[0]}" is on ${lines.size} lines`);
        let clip = node.parentElement;
        while (
          clip &&
          clip.tagName !== "TD" &&
          clip.tagName !== "TH" &&
          getComputedStyle(clip).overflowX === "visible"
        ) {
          clip = clip.parentElement;
        }
        // A summary that gives up width by design (an ellipsis, the whole of it on hover, checked below) may end
        // inside an amount or a date; a cell that is an amount or a date may not.
        const summary =
          clip !== null &&
          getComputedStyle(clip).textOverflow === "ellipsis" &&
          clip.getAttribute("title") === clip.textContent;
        if (clip && !summary && range.getBoundingClientRect().right > clip.getBoundingClientRect().right + 0.5) {
          problems.push(`"${match[0]}" is cut`);
        }
      }
    }
    for (const element of Array.from(table.querySelectorAll<HTMLElement>("td *"))) {
      const cut = element.scrollWidth > element.clientWidth && getComputedStyle(element).textOverflow === "ellipsis";
      if (cut && element.getAttribute("title") !== element.textContent) {
        problems.push(`"${element.textContent}" is cut with no title`);
      }
    }
    return problems;
  });

describe("tables at 1280 px", () => {
  const openPage = useBrowsers();
  let company: Company;
  beforeAll(async () => {
    company = await makeWideCompany();
  });

  for (const language of ["is", "en"] as const) {
    it(`show every column of cards, people and teams inside the window, badges whole (${language})`, async () => {
      const page = await openPage();
      await page.setViewportSize({ width: WIDTH, height: 900 });

      await open(page, company.ownerEmail, company.projectId, language, "/cards");
      await page.getByTestId("cards-table").waitFor();
      expect(await page.getByTestId("card-row").count()).toBe(STATUSES.length);
      expect(await misfits(page, "cards-table")).toEqual([]);

      await page.goto(`${inject("baseUrl")}/people`);
      await page.getByTestId("users-table").getByText(LONG_NAME).waitFor();
      expect(await misfits(page, "users-table")).toEqual([]);
      await page.getByTestId("people-tab-invites").click();
      await page.getByTestId("invites-table").waitFor();
      expect(await misfits(page, "invites-table")).toEqual([]);

      await page.goto(`${inject("baseUrl")}/teams`);
      await page.getByTestId("teams-table").getByText(LONG_TEAM).waitFor();
      expect(await misfits(page, "teams-table")).toEqual([]);
    });
  }

  for (const language of ["is", "en"] as const) {
    it(`show the audit log's changes by name and their details on one line inside the window (${language})`, async () => {
      // Changes the log shows with long details: an invoice issued by Kort itself, a card issued with its limit, and
      // an export, each as the services record them.
      const details = [
        ["invoice.issue", null, { number: "2026-000003", total: 432243, period_from: "2026-10-27" }],
        [
          "card.create",
          company.ownerId,
          { masked_number: "1234", card_type: "EMPLOYEE_EXPENSE", limit: { period: "WEEKLY", sumAmount: 60000 } },
        ],
        ["scheduled_export.create", company.ownerId, { file_type: "XLSX", hour: 6, note: LONG_TEAM.repeat(4) }],
      ] as const;
      for (const [action, actor, data] of details) {
        await query(
          `insert into audit_log (project_id, actor_user_id, action, object_type, data) values ($1, $2, $3, $4, $5)`,
          [company.projectId, actor, action, action.split(".")[0], JSON.stringify(data)],
        );
      }
      const page = await openPage();
      await page.setViewportSize({ width: WIDTH, height: 900 });
      await open(page, company.ownerEmail, company.projectId, language, "/overview/audit-log");
      await page
        .getByTestId("audit-row")
        .nth(details.length - 1)
        .waitFor();
      expect(await misfits(page, "audit-table")).toEqual([]);
      // Every change by its name in the reader's language, never the code it is recorded as.
      const actions = await page.getByTestId("audit-action").allTextContents();
      expect(actions.filter((action) => /^[a-z_]+\.[a-z_]+$/.test(action))).toEqual([]);
      // The details read as pairs in the reader's language (amounts in kr., days as the language writes them, codes
      // by name), cut at the column's edge with the whole of them on hover. PostgreSQL's jsonb keeps keys shortest
      // first.
      const shown = page.getByTestId("audit-details");
      const texts = await shown.allTextContents();
      expect(texts).toEqual(
        expect.arrayContaining(
          language === "is"
            ? [
                "Samtals: 432.243 kr. · Númer: 2026-000003 · Tímabil frá: 27.10.2026",
                "Heimild (tímabil): Vikulega · Heimild (upphæð): 60.000 kr. · Tegund korts: Innkaupakort · Kort: 1234",
              ]
            : [
                "Total: 432.243 kr. · Number: 2026-000003 · Period from: 27 Oct 2026",
                "Limit (period): Weekly · Limit (amount): 60.000 kr. · Card type: Vendor card · Card: 1234",
              ],
        ),
      );
      expect(texts.filter((text) => text.includes('{"'))).toEqual([]);
      for (const [index, text] of texts.entries()) expect(await shown.nth(index).getAttribute("title")).toBe(text);

      // The overview's credit bar: no label squeezed into a section too narrow for it, the amount on hover.
      await page.goto(`${inject("baseUrl")}/overview`);
      const used = page.getByTestId("balance-used-bar");
      await used.waitFor({ state: "attached" });
      expect(await used.getAttribute("title")).toMatch(/ 0 kr\.$/);
      expect(await used.locator(".mantine-Progress-label").count()).toBe(0);
    });
  }

  describe("the ledger and the overview of a company with purchases", () => {
    let wide: Company;
    beforeAll(async () => {
      wide = await makeWideCompany();
      await addWidePurchases(wide.projectId);
    });

    for (const language of ["is", "en"] as const) {
      it(`shows every column with its sort arrow, amounts whole, and its period whole (${language})`, async () => {
        const page = await openPage();
        await page.setViewportSize({ width: WIDTH, height: 900 });
        await open(page, wide.ownerEmail, wide.projectId, language, "/expenses");
        await page
          .getByTestId("ledger-row")
          .nth(WIDE_PURCHASES - 1)
          .waitFor();
        expect(await misfits(page, "ledger-table")).toEqual([]);
        // The chosen period (its two dates) is read whole in its field.
        const period = page.getByTestId("ledger-period");
        expect(await period.evaluate((input) => [input.scrollWidth, input.clientWidth])).toSatisfy(
          ([content, box]: number[]) => (content ?? 0) <= (box ?? 0),
        );
        // A purchase's side panel: every button's label whole beside the text next to it (the receipts' drop zone).
        await page.getByTestId("ledger-row").first().click();
        await page.getByTestId("receipt-pick").waitFor();
        expect(await cutButtonLabels(page)).toEqual([]);
      });

      it(`keeps the overview's spending tables' amounts whole beside long names (${language})`, async () => {
        const page = await openPage();
        await page.setViewportSize({ width: WIDTH, height: 900 });
        await open(page, wide.ownerEmail, wide.projectId, language, "/overview");
        for (const by of ["team", "user", "category", "merchant"]) {
          await page.getByTestId(`overview-spending-${by}-total`).waitFor();
          expect(await misfits(page, `overview-spending-${by}`)).toEqual([]);
        }
      });
    }
  });

  it("give a card's transactions and declines column headers, amounts on one line", async () => {
    const session = await openBrowser({ width: WIDTH });
    try {
      const { page } = session;
      const [card] = await query<{ id: string }>(
        `select c.id from cards c join transactions t on t.card_id = c.id
          where c.project_id = $1 group by c.id order by count(*) desc limit 1`,
        [await demoProjectId()],
      );
      await open(page, "owner@demo.is", await demoProjectId(), "en", `/cards/${card?.id}`);
      const table = page.getByTestId("card-transactions");
      await table.waitFor();
      expect(await table.locator("th").allTextContents()).toEqual(["Date", "Merchant", "Amount"]);
      expect(await misfits(page, "card-transactions")).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
