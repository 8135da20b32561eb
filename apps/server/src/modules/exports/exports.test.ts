import { and, eq, isNotNull, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportBatches, exports, transactions } from "../../platform/db/schema/index.ts";
import { microsecondsApart, walkPages } from "../../platform/db/testing/keyset-pages.ts";
import { createReceiptsScene, type ReceiptsScene } from "../receipts/testing/receipts-scene.ts";
import { codeOf, graphqlFor } from "../teams/teams.fixtures.ts";

/**
 * Exports end to end on the server (issue 14): created by GraphQL within the caller's scope, written by the task
 * (drained here as a worker would run it), downloaded through the signed link and read back; mark_as_booked and
 * exclude_booked; a failure recorded with its code and retried; a task delivered twice runs once.
 */

let s: ReceiptsScene;
let gql: ReturnType<typeof graphqlFor>;
beforeAll(async () => {
  s = await createReceiptsScene();
  gql = graphqlFor(s.t);
});
afterAll(() => s.t.close());

type ExportJson = {
  id: string;
  status: string;
  processed_count: number;
  total_count: number;
  file_url: string | null;
  file_name: string | null;
  error: string | null;
};

const FIELDS = "id status processed_count total_count file_url file_name error";
const CREATE = `mutation ($input: ExportInput!) { create_export(input: $input) { ${FIELDS} } }`;
const STATUS = `query ($id: ID!) { export(id: $id) { ${FIELDS} } }`;

const projectFilter = { filter: {} };

const create = async (headers: Record<string, string>, input: Record<string, unknown>) =>
  gql<{ create_export: ExportJson }>(CREATE, headers, {
    input: { level: "PROJECT", selection: projectFilter, ...input },
  });

const statusOf = async (headers: Record<string, string>, id: string) =>
  (await gql<{ export: ExportJson }>(STATUS, headers, { id })).data?.export;

const download = async (url: string) => {
  const response = await s.t.app.inject({ method: "GET", url });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response;
};

describe("an export", () => {
  it("writes the company's settled rows as CSV the accountant downloads, with Icelandic letters intact", async () => {
    const created = await create(s.scene.accountant.headers, { file_type: "CSV" });
    expect(created.errors).toBeUndefined();
    const pending = created.data?.create_export;
    expect(pending).toMatchObject({ status: "pending", file_url: null });
    await s.t.tasks.drain("exports.run");
    const done = await statusOf(s.scene.accountant.headers, pending?.id ?? "");
    if (done?.status !== "completed")
      console.log(JSON.stringify(s.t.logs.filter((line) => line.msg === "export failed")));
    expect(done).toMatchObject({ status: "completed", error: null });
    expect(done?.processed_count).toBe(done?.total_count);
    expect(done?.file_name).toMatch(/^kort-faerslur-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);

    const response = await download(done?.file_url ?? "");
    expect(response.headers["content-disposition"]).toContain("attachment");
    const body = response.rawPayload.toString("utf8");
    expect(body.startsWith("\uFEFF")).toBe(true);
    const lines = body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]?.split(";").slice(0, 5)).toEqual(["Fylgiskjal", "Dagsetning", "Korthafi", "Kort", "Söluaðili"]);
    // The company's three settled purchases, not the other company's.
    expect(lines).toHaveLength(1 + 3);
    expect(lines.slice(1).every((line) => line.split(";")[4] === "Bónus")).toBe(true);
    expect(done?.total_count).toBe(3);
  });

  it("writes typed XLSX, stamps the rows with mark_as_booked, and a second export of unbooked rows has none", async () => {
    const created = await create(s.scene.owner.headers, { file_type: "XLSX", mark_as_booked: true });
    const id = created.data?.create_export.id ?? "";
    await s.t.tasks.drain("exports.run");
    const done = await statusOf(s.scene.owner.headers, id);
    expect(done?.status).toBe("completed");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array((await download(done?.file_url ?? "")).rawPayload).buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("Fylgiskjal");
    const date = sheet?.getRow(2).getCell(2);
    expect(date?.value).toBeInstanceOf(Date);
    const amount = sheet?.getRow(2).getCell(7);
    expect(amount?.value).toBe(4590);
    expect(amount?.numFmt).toBe('#,##0 "kr."');
    expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });

    const stamped = await s.t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.projectId, s.scene.project.id), eq(transactions.latestExportId, id)));
    expect(stamped).toHaveLength(3);

    const again = await create(s.scene.owner.headers, { file_type: "CSV", exclude_booked: true });
    expect(codeOf(again)).toBe("EXPORT_EMPTY");
  });

  it("exports only what the caller may see: an employee their own rows", async () => {
    const created = await create(s.scene.user.headers, { file_type: "CSV" });
    expect(created.data?.create_export.total_count).toBe(1);
    const id = created.data?.create_export.id ?? "";
    expect(codeOf(await gql(STATUS, s.scene.foreignOwner.headers, { id }))).toBe("NOT_FOUND");
    expect(codeOf(await gql(STATUS, s.scene.teamAdmin.headers, { id }))).toBe("NOT_FOUND");
    await s.t.tasks.drain("exports.run");
    expect((await statusOf(s.scene.user.headers, id))?.status).toBe("completed");
    // Not marking as booked, it records no rows: nothing would read them.
    expect(await s.t.db.select().from(exportBatches).where(eq(exportBatches.exportId, id))).toEqual([]);
  });

  it("lists the caller's recent exports by cursor, newest first, none skipped a microsecond apart", async () => {
    for (let i = 0; i < 4; i += 1) {
      expect((await create(s.scene.user.headers, { file_type: "CSV" })).errors).toBeUndefined();
    }
    await s.t.tasks.drain("exports.run");
    type Page = { exports: { nodes: { id: string }[]; next_cursor: string | null } };
    const page = async (after: string | null, first = 2) => {
      const body = await gql<Page>(
        "query ($first: Int, $after: String) { exports(first: $first, after: $after) { nodes { id } next_cursor } }",
        s.scene.user.headers,
        { first, after },
      );
      expect(body.errors).toBeUndefined();
      return body.data?.exports ?? { nodes: [], next_cursor: null };
    };
    const ids = (await page(null, 50)).nodes.map((node) => node.id);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect((await walkPages((after) => page(after), 50)).nodes.map((node) => node.id)).toEqual(ids);
    await microsecondsApart(s.t.db, "exports", "created_at", ids);
    expect((await walkPages((after) => page(after), 50)).nodes.map((node) => node.id)).toEqual(ids);
  });

  it("records a failure's code, retries it, and runs a task delivered twice once", async () => {
    const { putFile } = s.t.blobs;
    s.t.blobs.putFile = async () => {
      throw new Error("the store is down");
    };
    // Marking as booked, so that the rows are recorded: the retry's run records them once, the failed run's gone.
    const created = await create(s.scene.accountant.headers, { file_type: "CSV", mark_as_booked: true });
    const id = created.data?.create_export.id ?? "";
    try {
      await s.t.tasks.drain("exports.run");
    } finally {
      s.t.blobs.putFile = putFile;
    }
    expect(await statusOf(s.scene.accountant.headers, id)).toMatchObject({ status: "failed", error: "INTERNAL" });

    const retried = await gql<{ retry_export: ExportJson }>(
      `mutation ($id: ID!) { retry_export(id: $id) { ${FIELDS} } }`,
      s.scene.accountant.headers,
      { id },
    );
    expect(retried.data?.retry_export.status).toBe("pending");
    // The same task twice, as a redelivery would: the second finds it taken and does nothing.
    s.t.tasks.sent.push({ queue: "exports.run", data: { export_id: id } });
    await s.t.tasks.drain("exports.run");
    expect(await statusOf(s.scene.accountant.headers, id)).toMatchObject({ status: "completed", processed_count: 3 });
    const batches = await s.t.db.select().from(exportBatches).where(eq(exportBatches.exportId, id));
    expect(batches.flatMap((batch) => batch.transactionIds)).toHaveLength(3);
    expect(
      codeOf(await gql(`mutation ($id: ID!) { retry_export(id: $id) { id } }`, s.scene.accountant.headers, { id })),
    ).toBe("CONFLICT");
  });

  it("counts a retried export's rows again, so its progress bar has the rows of now", async () => {
    const merchant = `Aftur ${Date.now()}`;
    const purchase = sql`
      insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                original_currency, transaction_amount, transaction_date, closed_at)
      select project_id, card_id, user_id, team_id, 'Kaup', ${merchant}, 990, 'ISK', 990, now(), now()
        from transactions where id = ${s.purchases.employee}`;
    await s.t.db.execute(purchase);
    await s.t.db.execute(purchase);
    const { putFile } = s.t.blobs;
    s.t.blobs.putFile = async () => {
      throw new Error("the store is down");
    };
    const created = await create(s.scene.accountant.headers, {
      file_type: "CSV",
      selection: { filter: { search: merchant } },
    });
    const id = created.data?.create_export.id ?? "";
    expect(created.data?.create_export.total_count).toBe(2);
    try {
      await s.t.tasks.drain("exports.run");
    } finally {
      s.t.blobs.putFile = putFile;
    }
    expect((await statusOf(s.scene.accountant.headers, id))?.status).toBe("failed");
    await s.t.db.execute(purchase);
    const retried = await gql<{ retry_export: ExportJson }>(
      `mutation ($id: ID!) { retry_export(id: $id) { ${FIELDS} } }`,
      s.scene.accountant.headers,
      { id },
    );
    expect(retried.data?.retry_export).toMatchObject({ status: "pending", processed_count: 0, total_count: 3 });
    await s.t.tasks.drain("exports.run");
    expect(await statusOf(s.scene.accountant.headers, id)).toMatchObject({
      status: "completed",
      processed_count: 3,
      total_count: 3,
    });
  });

  it("writes rows a microsecond apart once each, in order", async () => {
    const merchant = `Örfá ${Date.now()}`;
    for (const micro of ["100", "200", "300"]) {
      await s.t.db.execute(sql`
        insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                  original_currency, transaction_amount, transaction_date, closed_at)
        select project_id, card_id, user_id, team_id, 'Kaup', ${merchant}, 990, 'ISK', 990,
               date_trunc('second', now()) + ${`0.000${micro}`}::interval, now()
          from transactions where id = ${s.purchases.employee}`);
    }
    const created = await create(s.scene.accountant.headers, {
      file_type: "CSV",
      selection: { filter: { search: merchant } },
    });
    const id = created.data?.create_export.id ?? "";
    await s.t.tasks.drain("exports.run");
    expect(await statusOf(s.scene.accountant.headers, id)).toMatchObject({
      status: "completed",
      processed_count: 3,
      total_count: 3,
    });
  });

  it("writes and books every row of several batches once, in order, while the next batch is read ahead", async () => {
    const merchant = `Margar ${Date.now()}`;
    await s.t.db.execute(sql`
      insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                                original_currency, transaction_amount, transaction_date, closed_at)
      select t.project_id, t.card_id, t.user_id, t.team_id, 'Kaup ' || n, ${merchant}, n, 'ISK', n,
             timestamptz '2026-01-02T00:00:00Z' + n * interval '1 second', now()
        from transactions t, generate_series(1, 2501) n
       where t.id = ${s.purchases.employee}`);
    // Row 1500 has two dimension values, written in the order of the dimensions' titles; the others have none.
    await s.t.db.execute(sql`
      with dims as (
        insert into dimensions (project_id, title)
        select project_id, d from transactions, unnest(array['Verkefni', 'Deild']) d where id = ${s.purchases.employee}
        returning id, project_id, title),
      vals as (
        insert into dimension_values (project_id, dimension_id, title)
        select project_id, id, case title when 'Deild' then 'Sala' else 'Kort 2.0' end from dims
        returning id, project_id, dimension_id)
      insert into transaction_dimension_values (project_id, transaction_id, dimension_id, dimension_value_id)
      select v.project_id, t.id, v.dimension_id, v.id
        from vals v join transactions t on t.merchant_name = ${merchant} and t.description = 'Kaup 1500'`);
    const created = await create(s.scene.accountant.headers, {
      file_type: "CSV",
      mark_as_booked: true,
      selection: { filter: { search: merchant, from_date: "2026-01-01", to_date: "2026-01-31" } },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data?.create_export.id ?? "";
    await s.t.tasks.drain("exports.run");
    const done = await statusOf(s.scene.accountant.headers, id);
    expect(done).toMatchObject({ status: "completed", processed_count: 2501, total_count: 2501 });

    const batches = await s.t.db
      .select()
      .from(exportBatches)
      .where(eq(exportBatches.exportId, id))
      .orderBy(exportBatches.batch);
    // Recorded as written, a few times a second rather than once a batch: every id once, in the file's order.
    expect(batches.map((batch) => batch.batch)).toEqual(batches.map((_, index) => index + 1));
    const inOrder = await s.t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.merchantName, merchant))
      .orderBy(transactions.transactionDate, transactions.id);
    expect(batches.flatMap((batch) => batch.transactionIds)).toEqual(inOrder.map((row) => row.id));
    const booked = await s.t.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.merchantName, merchant), eq(transactions.latestExportId, id)));
    expect(booked).toHaveLength(2501);

    const csv = (await download(done?.file_url ?? "")).body;
    const descriptions = csv
      .split("\r\n")
      .slice(1, -1)
      .map((line) => /Kaup (\d+)/.exec(line)?.[1]);
    expect(descriptions).toEqual(Array.from({ length: 2501 }, (_, i) => String(i + 1)));
    const dimensionsColumn = csv.split("\r\n")[0]?.replace("\uFEFF", "").split(";").indexOf("Víddir");
    const withDimensions = csv
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(";")[dimensionsColumn ?? -1])
      .flatMap((value, index) => (value ? [[index + 1, value]] : []));
    expect(withDimensions).toEqual([[1500, "Deild: Sala | Verkefni: Kort 2.0"]]);
  });

  it("refuses a company export of picked rows and a card export without its card", async () => {
    const picked = await create(s.scene.accountant.headers, {
      file_type: "CSV",
      selection: { transaction_ids: [s.purchases.employee] },
    });
    expect(codeOf(picked)).toBe("VALIDATION_FAILED");
    expect(codeOf(await create(s.scene.accountant.headers, { file_type: "CSV", level: "CARD" }))).toBe(
      "VALIDATION_FAILED",
    );
    const rows = await s.t.db.select().from(exports).where(isNotNull(exports.completedAt));
    expect(rows.length).toBeGreaterThan(0);
  });
});
