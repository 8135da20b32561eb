import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, transactions } from "../../platform/db/schema/index.ts";
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
  const [vat] = (
    await s.t.db.execute<{ id: string }>(
      sql`select id from tax_categories where project_id = ${s.scene.project.id} and code = 'VSK24' limit 1`,
    )
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
});
