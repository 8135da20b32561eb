import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { escapeXml } from "../../../platform/ubl/xml.ts";
import { DEFAULT_EXPORT_ACCOUNTS, type ExportLine } from "../export-line.ts";
import { writeDkJournalFile, writeDkJournalJson } from "./dk.ts";
import { FIXTURE_LINES } from "./fixture-lines.ts";
import { writePeppolSet } from "./ubl.ts";
import { xlsxFormat } from "./xlsx.ts";

/**
 * The writers stream: they pull a line from the cursor only when they have written what came before, so memory holds
 * a voucher (or a document), never the export. Checked by counting the lines pulled at each write.
 */

const accounts = DEFAULT_EXPORT_ACCOUNTS;
const template = FIXTURE_LINES[0] as ExportLine;
const COUNT = 500;

const counted = () => {
  const state = { pulled: 0, mostAhead: 0, written: 0 };
  async function* lines(): AsyncGenerator<ExportLine> {
    for (let voucher = 1; voucher <= COUNT; voucher += 1) {
      state.pulled += 1;
      yield { ...template, voucher, transactionId: `t-${voucher}` };
    }
  }
  // Counts how far the cursor ran ahead of the vouchers written so far.
  const out = (vouchersIn: (chunk: Buffer) => number) =>
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        state.mostAhead = Math.max(state.mostAhead, state.pulled - state.written);
        state.written += vouchersIn(chunk);
        callback();
      },
    });
  return { state, lines, out };
};

describe("the writers stream", () => {
  it("DK's file reads one voucher ahead at most", async () => {
    const { state, lines, out } = counted();
    await writeDkJournalFile(
      lines(),
      out((chunk) => (chunk.toString("latin1").match(/;5120;/g) ?? []).length),
      { accounts },
    );
    expect(state.written).toBe(COUNT);
    expect(state.mostAhead).toBeLessThanOrEqual(2);
  });

  it("the dkPlus journal reads one voucher ahead at most", async () => {
    const { state, lines, out } = counted();
    const head = { code: "KORT", description: "", period: "2026-11" };
    await writeDkJournalJson(
      lines(),
      out((chunk) => (chunk.toString().match(/"account":"5120"/g) ?? []).length),
      {
        accounts,
        head,
      },
    );
    expect(state.written).toBe(COUNT);
    expect(state.mostAhead).toBeLessThanOrEqual(2);
  });

  it("the PeppolIS set reads one document ahead at most", async () => {
    const { state, lines, out } = counted();
    const buyer = {
      name: "Kort",
      kennitala: "5204172570",
      street: "Borgartúni 1",
      city: "Reykjavík",
      postcode: "105",
      vatNumber: null,
    };
    const createdAt = new Date("2026-11-27T00:00:00Z");
    await writePeppolSet(
      lines(),
      { buyer, createdAt },
      out((chunk) => (chunk.toString().match(/<\/Invoice>/g) ?? []).length),
    );
    expect(state.written).toBe(COUNT);
    expect(state.mostAhead).toBeLessThanOrEqual(2);
  });

  it("XLSX waits for its compressor: rows are not made much faster than the file is written", {
    timeout: 60_000,
  }, async () => {
    // About 20 MB of sheet XML. Without waiting, every row is made before zlib has written much of the file (that
    // backlog was 180 MB of memory for 200,000 rows); waiting, at most about a megabyte of XML is ever behind.
    const rows = 20_000;
    const progress: { pulled: number; bytes: number }[] = [];
    let pulled = 0;
    let bytes = 0;
    // In batches of 100, as the export hands them on.
    async function* lines(): AsyncGenerator<ExportLine[]> {
      for (let first = 1; first <= rows; first += 100) {
        const batch: ExportLine[] = [];
        for (let voucher = first; voucher < first + 100; voucher += 1) {
          batch.push({ ...template, voucher, transactionId: `t-${voucher}` });
        }
        pulled += batch.length;
        if (pulled % 1000 === 0) progress.push({ pulled, bytes });
        yield batch;
      }
    }
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        // A disk slower than the rows: each chunk is taken on the next turn of the event loop.
        setImmediate(callback);
      },
    });
    const context = { locale: "is-IS", accounts, createdAt: new Date(0), name: "x", exportId: "x" } as const;
    await xlsxFormat.write(lines, out, { ...context, company: {} as never, send: async () => {} });
    const whole = bytes;
    // When the last thousand rows were made, most of the file was already written.
    const last = progress.at(-1);
    expect(last?.pulled).toBe(rows);
    expect(last?.bytes ?? 0).toBeGreaterThan(whole * 0.8);
  });
});

describe("XML text", () => {
  it("is escaped, and characters XML cannot hold are dropped rather than breaking the document", () => {
    expect(escapeXml('Jói & "Gummi" <ehf>\u0001\u0008\uFFFF')).toBe("Jói &amp; &quot;Gummi&quot; &lt;ehf&gt;");
    expect(escapeXml("tab\tand\nline 😀")).toBe("tab\tand\nline 😀");
  });
});
