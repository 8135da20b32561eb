import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, transactions } from "../../platform/db/schema/index.ts";
import { PEPPOL_AVAILABLE, schematronFailures, xsdErrors } from "../../platform/ubl/ubl-validation.ts";
import { tillSlipPdf } from "../receipts/demo-receipts.ts";
import { createReceiptsScene, type ReceiptsScene } from "../receipts/testing/receipts-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * The journal and e-invoice formats through the whole pipeline (issue 14): what each needs is listed before
 * exporting, DK's zip holds the dkPlus journal and the desktop file with every voucher at zero, Payday writes its
 * workbook, and a UBL export says which rows it cannot carry instead of writing a gap.
 */

let s: ReceiptsScene;
let gql: ReturnType<typeof graphqlFor>;
let merchant: string;
beforeAll(async () => {
  s = await createReceiptsScene();
  gql = graphqlFor(s.t);
  merchant = `Bókun ${Date.now()}`;
  const [category] = await s.t.db
    .insert(categories)
    .values({ projectId: s.scene.project.id, title: "Skrifstofukostnaður", code: "2360" })
    .returning({ id: categories.id });
  // The company's own address: it is the buyer of the UBL documents (IS-R-005).
  await s.t.db.execute(sql`
    update projects set address_street = 'Borgartúni 1', address_postcode = '105', address_city = 'Reykjavík'
     where id = ${s.scene.project.id}`);
  // 24% VAT, so the journals post a VAT line of each purchase.
  const [vat] = (
    await s.t.db.execute<{ id: string }>(sql`
      insert into tax_categories (project_id, code, peppol_code, percentage)
      values (${s.scene.project.id}, 'VSK24-ÚTFL', 'S', 24.00) returning id`)
  ).rows;
  for (const amount of [12_400, 4_590]) {
    await s.t.db.execute(sql`
      insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                original_currency, transaction_amount, transaction_date, closed_at, category_id,
                                tax_category_id)
      select project_id, card_id, user_id, team_id, 'Pappír', ${merchant}, ${amount}, 'ISK', ${amount}, now(), now(),
             ${category?.id ?? null}, ${vat?.id ?? null}
        from transactions where id = ${s.purchases.employee}`);
  }
  // An uncategorised one, which a journal cannot carry.
  await s.t.db.execute(sql`
    insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                              original_currency, transaction_amount, transaction_date, closed_at)
    select project_id, card_id, user_id, team_id, 'Óflokkað', ${merchant}, 990, 'ISK', 990, now(), now()
      from transactions where id = ${s.purchases.employee}`);
});
afterAll(() => s.t.close());

const input = (fileType: string, extra: Record<string, unknown> = {}) => ({
  input: { level: "PROJECT", file_type: fileType, selection: { filter: { search: merchant } }, ...extra },
});

type Check = { export_check: { total: number; unfit_count: number; unfit: { merchant: string; reasons: string[] }[] } };
const CHECK =
  "query ($input: ExportInput!) { export_check(input: $input) { total unfit_count unfit { merchant reasons } } }";
const CREATE = "mutation ($input: ExportInput!) { create_export(input: $input) { id } }";
const STATUS = "query ($id: ID!) { export(id: $id) { status file_url file_name error } }";

const exportFile = async (fileType: string, extra: Record<string, unknown> = {}) => {
  const created = await gql<{ create_export: { id: string } }>(
    CREATE,
    s.scene.accountant.headers,
    input(fileType, extra),
  );
  expect(created.errors).toBeUndefined();
  await s.t.tasks.drain("exports.run");
  const status = await gql<{ export: { status: string; file_url: string; file_name: string; error: string | null } }>(
    STATUS,
    s.scene.accountant.headers,
    { id: created.data?.create_export.id },
  );
  expect(status.data?.export).toMatchObject({ status: "completed", error: null });
  const response = await s.t.app.inject({ method: "GET", url: status.data?.export.file_url ?? "" });
  expect(response.statusCode).toBe(200);
  return { name: status.data?.export.file_name ?? "", bytes: new Uint8Array(response.rawPayload) };
};

describe("journal formats", () => {
  it("list an uncategorised row before exporting, and refuse it unless it is left out", async () => {
    const check = await gql<Check>(CHECK, s.scene.accountant.headers, input("DK"));
    expect(check.data?.export_check).toMatchObject({ total: 3, unfit_count: 1 });
    expect(check.data?.export_check.unfit[0]?.reasons).toEqual(["MISSING_ACCOUNT"]);
    expect(codeOf(await gql(CREATE, s.scene.accountant.headers, input("DK")))).toBe("EXPORT_ROWS_UNFIT");
  });

  it("write DK as a zip of the dkPlus journal and the desktop file, each voucher netting to zero", async () => {
    const { name, bytes } = await exportFile("DK", { leave_out_unfit: true });
    expect(name).toMatch(/\.zip$/);
    const files = unzipSync(bytes);
    const json = Object.entries(files).find(([file]) => file.endsWith(".json"))?.[1];
    const desktop = Object.entries(files).find(([file]) => file.endsWith(".csv"))?.[1];
    expect(json && desktop).toBeTruthy();
    const journal = JSON.parse(Buffer.from(json ?? new Uint8Array()).toString("utf8")) as {
      lines: { voucher: string; amount: number; account: string }[];
    };
    const byVoucher = new Map<string, number>();
    for (const line of journal.lines) byVoucher.set(line.voucher, (byVoucher.get(line.voucher) ?? 0) + line.amount);
    expect(byVoucher.size).toBe(2);
    expect([...byVoucher.values()].every((sum) => sum === 0)).toBe(true);
    expect(journal.lines.some((line) => line.account === "2360")).toBe(true);
  });

  it("write Payday's journal workbook", async () => {
    const { name, bytes } = await exportFile("Payday", { leave_out_unfit: true });
    expect(name).toMatch(/\.xlsx$/);
    // An xlsx is a zip whose first entry is its content types.
    expect(Object.keys(unzipSync(bytes))).toContain("[Content_Types].xml");
  });
});

describe("e-invoice formats", () => {
  it("say that no row has the seller's details Kort would need, and write no empty file", async () => {
    for (const format of ["PeppolIS", "Unimaze"]) {
      const check = await gql<Check>(CHECK, s.scene.accountant.headers, input(format));
      expect(check.data?.export_check.unfit_count).toBe(3);
      expect(check.data?.export_check.unfit.every((row) => row.reasons.includes("MISSING_SELLER"))).toBe(true);
      expect(codeOf(await gql(CREATE, s.scene.accountant.headers, input(format)))).toBe("EXPORT_ROWS_UNFIT");
      expect(codeOf(await gql(CREATE, s.scene.accountant.headers, input(format, { leave_out_unfit: true })))).toBe(
        "EXPORT_EMPTY",
      );
    }
    const [row] = await s.t.db.select().from(transactions).where(eq(transactions.merchantName, merchant)).limit(1);
    expect(row?.latestExportId).toBeNull();
  });

  it("carry a row whose receipt names its seller: PeppolIS writes its document, Unimaze hands it over", {
    timeout: 60_000,
  }, async () => {
    const shop = `Tölvulistinn ${Date.now()}`;
    const [purchase] = (
      await s.t.db.execute<{ id: string }>(sql`
        insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                  original_currency, transaction_amount, transaction_date, closed_at, category_id,
                                  tax_category_id)
        select project_id, card_id, user_id, team_id, 'Skjár', ${shop}, 12400, 'ISK', 12400, now(), now(),
               category_id, tax_category_id
          from transactions where merchant_name = ${merchant} and category_id is not null limit 1
        returning id`)
    ).rows;
    const id = purchase?.id ?? "";
    // Its receipt: a PDF whose text names the seller (kennitala, VSK-númer, street and postcode), read by its task.
    const receipt = tillSlipPdf([
      "Tölvulistinn",
      "Suðurlandsbraut 26, 108 Reykjavík",
      "Kt. 540595-2409   VSK nr. 12345",
      "21.11.2026",
      'Skjár 24"                12.400 kr.',
      "Samtals                  12.400 kr.",
      "VSK 24%                   2.400 kr.",
    ]);
    const uploaded = await s.upload(s.scene.accountant.headers, id, {
      field: "file",
      fileName: "kvittun.pdf",
      type: "application/pdf",
      data: receipt,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await s.t.tasks.drain("receipts.read");

    const only = { selection: { filter: { search: shop } } };
    for (const format of ["PeppolIS", "Unimaze"]) {
      const check = await gql<Check>(CHECK, s.scene.accountant.headers, input(format, only));
      expect(check.data?.export_check).toMatchObject({ total: 1, unfit_count: 0 });
    }
    // The company is the buyer: without its street and postcode no document is written.
    const address = (street: string | null) =>
      s.t.db.execute(sql`update projects set address_street = ${street} where id = ${s.scene.project.id}`);
    await address(null);
    expect(codeOf(await gql(CREATE, s.scene.accountant.headers, input("PeppolIS", only)))).toBe(
      "EXPORT_COMPANY_ADDRESS_MISSING",
    );
    await address("Borgartúni 1");
    const peppol = unzipSync((await exportFile("PeppolIS", only)).bytes);
    const xml = Buffer.from(Object.values(peppol)[0] ?? new Uint8Array()).toString("utf8");
    expect(xml).toContain(`<cbc:ID>${id}</cbc:ID>`);
    expect(xml).toContain("5405952409");
    expect(xml).toContain("Suðurlandsbraut 26");
    // Where the official files are at hand, the document from a real reading passes them too.
    if (PEPPOL_AVAILABLE) {
      expect(await xsdErrors(xml)).toEqual([]);
      expect(schematronFailures(xml)).toEqual([]);
    }

    const sent = () =>
      s.t.db.execute<{ to: string; body: string }>(
        sql`select "to", body from outbox where channel = 'einvoice' and body like ${`%${id}%`}`,
      );
    expect((await sent()).rows).toHaveLength(0);
    const unimaze = unzipSync((await exportFile("Unimaze", only)).bytes);
    expect(Object.keys(unimaze).sort()).toEqual(["000001-invoice.xml", "manifest.json"]);
    const handed = (await sent()).rows;
    expect(handed).toHaveLength(1);
    const [company] = (
      await s.t.db.execute<{ kennitala: string }>(sql`select kennitala from projects where id = ${s.scene.project.id}`)
    ).rows;
    expect(handed[0]?.to).toBe(`0196:${company?.kennitala}`);
    expect(handed[0]?.body).toBe(Buffer.from(unimaze["000001-invoice.xml"] ?? new Uint8Array()).toString("utf8"));
  });
});

describe("the journal accounts", () => {
  const ACCOUNTS = "{ card_liability vat_default rounding vat_by_rate { rate_basis_points account } can_change }";
  const QUERY = `query { export_accounts ${ACCOUNTS} }`;
  const SET = `mutation ($c: String!, $v: String!, $r: String!, $rates: [ExportVatAccountInput!]!) {
    set_export_accounts(card_liability: $c, vat_default: $v, rounding: $r, vat_by_rate: $rates) ${ACCOUNTS} }`;
  const mine = { c: "2010", v: "2650", r: "7995", rates: [{ rate_basis_points: 2400, account: "2655" }] };

  it("are the Icelandic defaults until set; team admins see them, employees not", async () => {
    const seen = await gql<{ export_accounts: Record<string, unknown> }>(QUERY, s.scene.teamAdmin.headers);
    expect(seen.data?.export_accounts).toMatchObject({
      card_liability: "5120",
      vat_default: "2620",
      rounding: "7990",
      vat_by_rate: [
        { rate_basis_points: 2400, account: "2620" },
        { rate_basis_points: 1100, account: "2621" },
      ],
      can_change: false,
    });
    expect(codeOf(await gql(QUERY, s.scene.user.headers))).toBe("ACCESS_DENIED");
  });

  it("are changed by owners and accountants only, validated, audited, and the next DK export posts to them", async () => {
    expect(codeOf(await gql(SET, s.scene.teamAdmin.headers, mine))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(SET, s.scene.user.headers, mine))).toBe("ACCESS_DENIED");
    expect(codeOf(await gql(SET, s.scene.accountant.headers, { ...mine, c: "" }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await gql(SET, s.scene.accountant.headers, { ...mine, c: "51 20" }))).toBe("VALIDATION_FAILED");
    const twice = { ...mine, rates: [...mine.rates, { rate_basis_points: 2400, account: "2656" }] };
    expect(codeOf(await gql(SET, s.scene.accountant.headers, twice))).toBe("VALIDATION_FAILED");
    const tooHigh = { ...mine, rates: [{ rate_basis_points: 10_001, account: "2656" }] };
    expect(codeOf(await gql(SET, s.scene.accountant.headers, tooHigh))).toBe("VALIDATION_FAILED");

    const set = await gql<{ set_export_accounts: Record<string, unknown> }>(SET, s.scene.accountant.headers, mine);
    expect(set.errors).toBeUndefined();
    // 11% was not given: it falls back to its default account.
    expect(set.data?.set_export_accounts).toMatchObject({
      card_liability: "2010",
      vat_by_rate: [
        { rate_basis_points: 2400, account: "2655" },
        { rate_basis_points: 1100, account: "2621" },
      ],
      can_change: true,
    });
    const audit = await s.t.db.execute<{ data: { after: { cardLiability: string } } }>(sql`
      select data from audit_log where project_id = ${s.scene.project.id} and action = 'export_accounts.change'`);
    expect(audit.rows.map((row) => row.data.after.cardLiability)).toEqual(["2010"]);

    const { bytes } = await exportFile("DK", { leave_out_unfit: true });
    const json = Object.entries(unzipSync(bytes)).find(([file]) => file.endsWith(".json"))?.[1];
    const journal = JSON.parse(Buffer.from(json ?? new Uint8Array()).toString("utf8")) as {
      lines: { account: string; amount: number }[];
    };
    const accounts = new Set(journal.lines.map((line) => line.account));
    expect(accounts).toContain("2010");
    expect(accounts).toContain("2655");
    expect(accounts).not.toContain("5120");
    expect(accounts).not.toContain("2620");
  });
});
