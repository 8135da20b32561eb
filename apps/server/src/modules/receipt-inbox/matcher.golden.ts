/**
 * The receipt matcher's golden set: labelled Icelandic cases, each an e-mailed receipt's text, who sent it and
 * the sender's recent purchases, with the decision a careful bookkeeper would make. The test asserts decisions
 * (auto, suggest with its first pick, none), never scores, so the scoring may change while the decisions hold.
 */

export type GoldenPurchase = {
  id: string;
  /** `anna` sends most receipts; `bjarni` is a colleague whose purchases she must never be matched to. */
  holder: "anna" | "bjarni";
  merchant: string;
  /** ISO time of the authorization. */
  at: string;
  isk: number;
  /** The charge in another currency, in its minor units. */
  original?: { amount: number; currency: string };
  hasReceipt?: boolean;
};

export type GoldenCase = {
  name: string;
  /** Subject, body and attachment name, as one text. */
  text: string;
  merchant?: string;
  receivedAt: string;
  purchases: GoldenPurchase[];
  rejected?: string[];
  expect: { kind: "auto"; id: string } | { kind: "suggest"; first: string } | { kind: "none" };
};

const bonus = (id: string, at: string, isk: number, extra: Partial<GoldenPurchase> = {}): GoldenPurchase => ({
  id,
  holder: "anna",
  merchant: "Bónus Kringlunni",
  at,
  isk,
  ...extra,
});

export const GOLDEN_CASES: GoldenCase[] = [
  {
    name: "exact ISK amount with dots and kr., same day",
    text: "Kvittun frá Krónunni. Samtals 4.590 kr. 21.11.2026",
    receivedAt: "2026-11-21T13:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "KRONAN GRANDA", at: "2026-11-21T12:10:00Z", isk: 4590 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "amount written kr. first",
    text: "Reikningur: kr. 12.900, dags. 20.11.2026",
    receivedAt: "2026-11-21T09:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Olís Ánanaustum", at: "2026-11-20T17:00:00Z", isk: 12900 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "ISK with ,00 decimals",
    text: "Til greiðslu 8.450,00 ISK 2026-11-19",
    receivedAt: "2026-11-19T20:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Hagkaup Skeifunni", at: "2026-11-19T18:30:00Z", isk: 8450 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "amount without thousands dot",
    text: "Alls 3990 kr 18.11.2026",
    receivedAt: "2026-11-18T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Te og kaffi", at: "2026-11-18T08:00:00Z", isk: 3990 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "foreign currency matched in the currency charged",
    text: "Your receipt from Figma. Amount paid $15.00 on Nov 20, 2026",
    receivedAt: "2026-11-20T10:00:00Z",
    purchases: [
      {
        id: "a",
        holder: "anna",
        merchant: "FIGMA",
        at: "2026-11-20T09:58:00Z",
        isk: 2078,
        original: { amount: 1500, currency: "USD" },
      },
    ],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "euro with comma decimals",
    text: "Rechnung Booking.com EUR 129,50 vom 14.11.2026",
    receivedAt: "2026-11-15T07:00:00Z",
    purchases: [
      {
        id: "a",
        holder: "anna",
        merchant: "Booking.com",
        at: "2026-11-14T21:00:00Z",
        isk: 18_900,
        original: { amount: 12_950, currency: "EUR" },
      },
    ],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "no date in the text: the e-mail's date stands in",
    text: "Kvittun: 2.350 kr.",
    receivedAt: "2026-11-21T12:05:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Kaffitár", at: "2026-11-21T11:55:00Z", isk: 2350 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "receipt date three days after the purchase",
    text: "Hótel Búðir. Samtals 45.000 kr. 24.11.2026",
    receivedAt: "2026-11-24T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Hotel Budir", at: "2026-11-21T15:00:00Z", isk: 45_000 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "Icelandic month name",
    text: "Greitt 6.200 kr. þann 17. nóvember 2026",
    receivedAt: "2026-11-17T19:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Elko Lindum", at: "2026-11-17T16:00:00Z", isk: 6200 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "one exact match among other purchases of the sender",
    text: "Samtals 1.299 kr. 21.11.2026",
    receivedAt: "2026-11-21T18:00:00Z",
    purchases: [
      bonus("a", "2026-11-21T17:00:00Z", 1299),
      bonus("b", "2026-11-21T17:30:00Z", 12_990),
      bonus("c", "2026-11-20T17:30:00Z", 1300),
    ],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "the same amount paid twice in the window: suggest, never guess",
    text: "Kaffitár 890 kr. 21.11.2026",
    merchant: "Kaffitár",
    receivedAt: "2026-11-21T15:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "Kaffitar Bankastraeti", at: "2026-11-21T09:00:00Z", isk: 890 },
      { id: "b", holder: "anna", merchant: "Kaffitar Bankastraeti", at: "2026-11-20T09:00:00Z", isk: 890 },
    ],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "the exact amount is a colleague's purchase: never attached to him",
    text: "Samtals 7.800 kr. 21.11.2026",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [{ id: "b", holder: "bjarni", merchant: "Bónus Kringlunni", at: "2026-11-21T11:00:00Z", isk: 7800 }],
    expect: { kind: "suggest", first: "b" },
  },
  {
    name: "exact amount but four days apart: suggest",
    text: "Samtals 5.500 kr. 25.11.2026",
    receivedAt: "2026-11-25T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Rúmfatalagerinn", at: "2026-11-21T10:00:00Z", isk: 5500 }],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "a tip changed the amount: suggest by merchant and date",
    text: "Matur og drykkur. Samtals 18.500 kr. 20.11.2026",
    merchant: "Matur og drykkur ehf.",
    receivedAt: "2026-11-20T23:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "MATUR OG DRYKKUR", at: "2026-11-20T21:00:00Z", isk: 20_350 }],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "merchant folding þ/ð/æ/ö and ehf.",
    text: "Þjóðleikhúsið ehf. reikningur 11.000 kr. 19.11.2026 (greitt með korti, afsláttur)",
    merchant: "Þjóðleikhúsið ehf.",
    receivedAt: "2026-11-19T22:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "THJODLEIKHUSID", at: "2026-11-19T19:00:00Z", isk: 9900 },
      { id: "b", holder: "anna", merchant: "Bónus Kringlunni", at: "2026-11-19T12:00:00Z", isk: 4100 },
    ],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "merchant with hf. and a different amount",
    text: "Icelandair hf. – staðfesting 62.300 kr. 15.11.2026",
    merchant: "Icelandair hf.",
    receivedAt: "2026-11-15T09:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "ICELANDAIR", at: "2026-11-15T08:55:00Z", isk: 62_800 }],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "a rejected pair is never suggested again",
    text: "Samtals 4.590 kr. 21.11.2026",
    receivedAt: "2026-11-21T13:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Krónan", at: "2026-11-21T12:10:00Z", isk: 4590 }],
    rejected: ["a"],
    expect: { kind: "none" },
  },
  {
    name: "rejecting the only exact match leaves the other exact one to attach",
    text: "Samtals 890 kr. 21.11.2026",
    receivedAt: "2026-11-21T15:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "Kaffitár", at: "2026-11-21T09:00:00Z", isk: 890 },
      { id: "b", holder: "anna", merchant: "Kaffitár", at: "2026-11-20T09:00:00Z", isk: 890 },
    ],
    rejected: ["a"],
    expect: { kind: "auto", id: "b" },
  },
  {
    name: "no amount, no date, unknown shop: none",
    text: "Sjá viðhengi",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Bónus Kringlunni", at: "2026-10-01T12:00:00Z", isk: 3000 }],
    expect: { kind: "none" },
  },
  {
    name: "nothing in the last month: none",
    text: "Samtals 3.000 kr. 21.11.2026",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Bónus", at: "2026-09-01T12:00:00Z", isk: 3000 }],
    expect: { kind: "none" },
  },
  {
    name: "no purchases at all: none",
    text: "Samtals 3.000 kr. 21.11.2026",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [],
    expect: { kind: "none" },
  },
  {
    name: "the VAT line is not the total: the total still matches",
    text: "Samtals 12.400 kr. Þar af VSK 24% 2.400 kr. 21.11.2026",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Penninn Eymundsson", at: "2026-11-21T11:00:00Z", isk: 12_400 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "a VAT amount equal to another purchase does not make two matches when dates differ",
    text: "Samtals 12.400 kr. VSK 2.400 kr. 21.11.2026",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "Penninn", at: "2026-11-21T11:00:00Z", isk: 12_400 },
      { id: "b", holder: "anna", merchant: "Bónus", at: "2026-11-10T11:00:00Z", isk: 2400 },
    ],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "total and VAT both match purchases in the window: suggest",
    text: "Samtals 12.400 kr. VSK 2.400 kr. 21.11.2026",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "Penninn", at: "2026-11-21T11:00:00Z", isk: 12_400 },
      { id: "b", holder: "anna", merchant: "Bónus", at: "2026-11-21T08:00:00Z", isk: 2400 },
    ],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "a refund is not a purchase to attach to",
    text: "Endurgreiðsla 4.000 kr. 21.11.2026",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Elko", at: "2026-11-10T12:00:00Z", isk: 9000 }],
    expect: { kind: "none" },
  },
  {
    name: "a purchase that already has a receipt still takes an exact second page",
    text: "Bls. 2: Samtals 31.000 kr. 20.11.2026",
    receivedAt: "2026-11-20T20:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "Byko", at: "2026-11-20T15:00:00Z", isk: 31_000, hasReceipt: true },
    ],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "dd/mm/yyyy is read day first",
    text: "Amount 2.100 ISK Date 05/11/2026",
    receivedAt: "2026-11-05T12:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "Subway", at: "2026-11-05T11:00:00Z", isk: 2100 },
      { id: "b", holder: "anna", merchant: "Subway", at: "2026-05-11T11:00:00Z", isk: 2100 },
    ],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "English short month",
    text: "Uber trip 21 Nov 2026 ISK 3,450",
    receivedAt: "2026-11-22T08:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "UBER *TRIP", at: "2026-11-21T23:40:00Z", isk: 3450 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "a euro receipt for a purchase charged in ISK does not auto-attach on the ISK figure",
    text: "Total EUR 30.00, 18.11.2026",
    merchant: "Cafe Paris",
    receivedAt: "2026-11-18T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "CAFE PARIS", at: "2026-11-18T11:00:00Z", isk: 30 }],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "two purchases of one merchant, one exact: attach the exact one",
    text: "N1 Hringbraut eldsneyti 9.870 kr. 19.11.2026",
    receivedAt: "2026-11-19T19:00:00Z",
    purchases: [
      { id: "a", holder: "anna", merchant: "N1 HRINGBRAUT", at: "2026-11-19T18:00:00Z", isk: 9870 },
      { id: "b", holder: "anna", merchant: "N1 HRINGBRAUT", at: "2026-11-12T18:00:00Z", isk: 10_120 },
    ],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "merchant alone, far in amount, close in date: suggest",
    text: "Pöntun frá Origo hf. 21.11.2026",
    merchant: "Origo hf.",
    receivedAt: "2026-11-21T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "ORIGO", at: "2026-11-21T10:00:00Z", isk: 249_900 }],
    expect: { kind: "suggest", first: "a" },
  },
  {
    name: "slf. and ses. are dropped too",
    text: "Hjálparstarf ses. styrkur 5.000 kr. 16.11.2026",
    merchant: "Hjálparstarf ses.",
    receivedAt: "2026-11-20T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "HJALPARSTARF", at: "2026-11-16T10:00:00Z", isk: 5000 }],
    expect: { kind: "auto", id: "a" },
  },
  {
    name: "large amount with two thousands dots",
    text: "Samtals 1.249.900 kr. 02.11.2026",
    receivedAt: "2026-11-02T12:00:00Z",
    purchases: [{ id: "a", holder: "anna", merchant: "Apple Store", at: "2026-11-02T09:00:00Z", isk: 1_249_900 }],
    expect: { kind: "auto", id: "a" },
  },
];
