import type { ExportLine, ExportSeller } from "../export-line.ts";
import { vatOfGross } from "../export-line.ts";
import type { LineBatches } from "./format-writer.ts";

/**
 * The fixed lines of the golden files and read-back tests (tests only): Icelandic letters, a refund, a foreign
 * purchase, 24%, 11% and 0% VAT, an exempt purchase, a line without a tax category, and lines a format must refuse
 * (uncategorised; a team without an account code). Kennitölur are made up with valid check digits.
 */

const icelandicSeller = (
  name: string,
  legalId: string,
  vatNumber: string,
  street: string,
  postcode: string,
  city: string,
): ExportSeller => ({
  name,
  country: "IS",
  legalId,
  vatNumber,
  street,
  city,
  postcode,
  endpoint: null,
});

const base = {
  comment: null,
  originalExponent: 0,
  originalCurrency: "ISK",
  fxRate: null,
  dimensions: [],
  receiptUrl: null,
} as const;

const vat = (gross: number, code: string, basisPoints: number, peppolCode: string) => ({
  code,
  basisPoints,
  peppolCode,
  amountIsk: vatOfGross(gross, basisPoints),
});

const tolvuheimur = icelandicSeller("Tölvuheimur ehf.", "4101901259", "123456", "Síðumúla 9", "108", "Reykjavík");

export const FIXTURE_LINES: readonly ExportLine[] = [
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000001",
    voucher: 1,
    date: "2026-11-03",
    cardholderName: "Þórdís Ævarsdóttir",
    cardLastFour: "4821",
    merchant: "Tölvuheimur",
    description: "Lyklaborð og mús",
    amountIsk: 12_400,
    originalAmount: 12_400,
    vat: vat(12_400, "VSK24", 2400, "S"),
    account: "2360",
    categoryTitle: "Skrifstofukostnaður",
    department: "200",
    teamName: "Þróun",
    dimensions: [{ title: "Verkefni", value: "Kort 2.0" }],
    receiptUrl: "https://kort.example/receipts/1",
    seller: tolvuheimur,
  },
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000002",
    voucher: 2,
    date: "2026-11-04",
    cardholderName: "Jón Guðmundsson",
    cardLastFour: "1177",
    merchant: "Bónus Skeifunni",
    description: "Kaffi, mjólk og snúðar á fund",
    comment: "Starfsmannafundur í nóvember",
    amountIsk: 4_590,
    originalAmount: 4_590,
    vat: vat(4_590, "VSK11", 1100, "S"),
    account: "2440",
    categoryTitle: "Annar kostnaður",
    department: "100",
    teamName: "Sala",
    seller: icelandicSeller("Hagar verslanir ehf.", "5505981249", "654321", "Skeifunni 11", "108", "Reykjavík"),
  },
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000003",
    voucher: 3,
    date: "2026-11-10",
    cardholderName: "Þórdís Ævarsdóttir",
    cardLastFour: "4821",
    merchant: "Tölvuheimur",
    description: "Endurgreiðsla: lyklaborð",
    amountIsk: -12_400,
    originalAmount: -12_400,
    vat: vat(-12_400, "VSK24", 2400, "S"),
    account: "2360",
    categoryTitle: "Skrifstofukostnaður",
    department: "200",
    teamName: "Þróun",
    seller: tolvuheimur,
  },
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000004",
    voucher: 4,
    date: "2026-11-12",
    cardholderName: "Jón Guðmundsson",
    cardLastFour: "1177",
    merchant: "Amazon Web Services EMEA SARL",
    description: "Hýsing, október",
    amountIsk: 6_821,
    originalAmount: 4_567,
    originalCurrency: "EUR",
    originalExponent: 2,
    fxRate: "149.35",
    vat: vat(6_821, "VSK0", 0, "Z"),
    account: "2360",
    categoryTitle: "Skrifstofukostnaður",
    department: "100",
    teamName: "Sala",
    seller: {
      name: "Amazon Web Services EMEA SARL",
      country: "LU",
      legalId: null,
      vatNumber: "LU26888617",
      street: "38 Avenue John F. Kennedy",
      city: "Luxembourg",
      postcode: "1855",
      endpoint: { scheme: "9938", id: "LU26888617" },
    },
  },
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000005",
    voucher: 5,
    date: "2026-11-17",
    cardholderName: "Ásta Ýr Óðinsdóttir",
    cardLastFour: "3090",
    merchant: "Flugfélag Íslands",
    description: "Flug til Akureyrar",
    amountIsk: 23_950,
    originalAmount: 23_950,
    vat: vat(23_950, "UNDANTHEGID", 0, "E"),
    account: "2440",
    categoryTitle: "Ferðakostnaður",
    department: null,
    teamName: null,
    seller: icelandicSeller(
      "Flugfélag Íslands ehf.",
      "6711102340",
      "222333",
      "Reykjavíkurflugvelli",
      "102",
      "Reykjavík",
    ),
  },
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000006",
    voucher: 6,
    date: "2026-11-20",
    cardholderName: "Ásta Ýr Óðinsdóttir",
    cardLastFour: "3090",
    merchant: "Bílastæðasjóður",
    description: "",
    amountIsk: 450,
    originalAmount: 450,
    vat: null,
    account: "2440",
    categoryTitle: "Annar kostnaður",
    department: null,
    teamName: null,
    seller: null,
  },
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000007",
    voucher: 7,
    date: "2026-11-24",
    cardholderName: "Jón Guðmundsson",
    cardLastFour: "1177",
    merchant: "Olís Ánanaustum",
    description: "Eldsneyti",
    amountIsk: 9_999,
    originalAmount: 9_999,
    vat: vat(9_999, "VSK24", 2400, "S"),
    account: null,
    categoryTitle: null,
    department: "100",
    teamName: "Sala",
    seller: icelandicSeller("Olíuverzlun Íslands ehf.", "4906221440", "333444", "Ánanaustum 2", "101", "Reykjavík"),
  },
  {
    ...base,
    transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000008",
    voucher: 8,
    date: "2026-11-25",
    cardholderName: "Ásta Ýr Óðinsdóttir",
    cardLastFour: "3090",
    merchant: "Penninn Eymundsson",
    description: "Bækur",
    amountIsk: 7_990,
    originalAmount: 7_990,
    vat: vat(7_990, "VSK11", 1100, "S"),
    account: "2360",
    categoryTitle: "Skrifstofukostnaður",
    department: null,
    teamName: "Markaðsmál",
    seller: icelandicSeller("Penninn ehf.", "7003021050", "444555", "Skeifunni 10", "108", "Reykjavík"),
  },
];

/**
 * A line whose text holds what a table format must quote: both separators, quotes and a line break (not in
 * FIXTURE_LINES, whose golden journal and UBL files it would change).
 */
export const FIXTURE_TRICKY_LINE: ExportLine = {
  ...base,
  transactionId: "0b6f5e2a-1c44-4f0e-9a51-000000000099",
  voucher: 99,
  date: "2026-11-26",
  cardholderName: 'Ólöf "Lóa" Þráinsdóttir',
  cardLastFour: "0007",
  merchant: 'Kaffi; te, og "meðlæti"',
  description: "Fundur\nmeð hönnuðum",
  comment: 'Greitt; sjá "kvittun", takk',
  amountIsk: -3_450,
  originalAmount: -2_299,
  originalCurrency: "EUR",
  originalExponent: 2,
  fxRate: "150.0652",
  vat: vat(-3_450, "VSK24", 2400, "S"),
  account: "2360",
  categoryTitle: "Risna",
  department: "200",
  teamName: "Þróun",
  dimensions: [
    { title: "Deild", value: "Sala; Ráðgjöf" },
    { title: "Verkefni", value: "„Álfur“ 7" },
  ],
  receiptUrl: "https://kort.example/expenses/0b6f5e2a-1c44-4f0e-9a51-000000000099",
  seller: null,
};

/** The fixture lines as a stream, the way the export query gives them. */
export async function* streamOf<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

/** The lines as a format's `write` reads them: from the start on every call, in batches of `size`. */
export const formatLinesOf =
  (items: readonly ExportLine[], size = 3): LineBatches =>
  () =>
    streamOf(
      Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
        items.slice(index * size, (index + 1) * size),
      ),
    );
