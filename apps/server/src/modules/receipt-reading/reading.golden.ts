import { pdfDocument, tillSlipPdf } from "../receipts/demo-receipts.ts";
import { loadSharp } from "../receipts/receipt-files.ts";

/**
 * The golden set of receipt reading (issue 18): receipts as Icelandic shops print them, drawn here from their lines
 * and then spoiled the way real ones are (turned, blurred, noisy, photographed on a table, small print, scanned into
 * a PDF), each with what must be read from it. The pictures are made by the test, so the set is code, not binaries.
 */

export type GoldenReceipt = {
  name: string;
  lines: string[];
  expected: { total: number; date: string; vat: { basisPoints: number; amount: number }[]; lastFour: string };
  spoil: Spoil;
  format: "png" | "jpeg" | "pdf_text" | "pdf_scan";
};

type Spoil = { rotate?: number; blur?: number; noise?: number; photo?: boolean; fontSize?: number; contrast?: number };

const slip = (
  merchant: string,
  kennitala: string,
  date: string,
  items: [string, string][],
  total: string,
  vat: string[],
  card: string,
): string[] => [
  merchant,
  `Kt. ${kennitala}`,
  date,
  "",
  ...items.map(([item, price]) => `${item.padEnd(22)}${price.padStart(10)}`),
  "",
  `${"Samtals".padEnd(22)}${total.padStart(10)}`,
  ...vat,
  "",
  card,
];

type Base = Omit<GoldenReceipt, "name" | "spoil" | "format">;

const BASES: Base[] = [
  {
    lines: slip(
      "Bónus Skeifunni",
      "540595-2409",
      "21.11.2026  14:32",
      [
        ["Mjólk 1 l", "329 kr."],
        ["Þorskflök", "2.990 kr."],
        ["Rúgbrauð", "1.271 kr."],
      ],
      "4.590 kr.",
      ["VSK 11%             455 kr."],
      "Kort ************1234",
    ),
    expected: { total: 4590, date: "2026-11-21", vat: [{ basisPoints: 1100, amount: 455 }], lastFour: "1234" },
  },
  {
    lines: slip(
      "Kaffitár Höfðatorgi",
      "670203-2129",
      "03.12.2026 09:05",
      [
        ["Kaffi latte", "890 kr."],
        ["Snúður", "750 kr."],
      ],
      "1.640 kr.",
      ["VSK 11%             163 kr."],
      "Visa ************5678",
    ),
    expected: { total: 1640, date: "2026-12-03", vat: [{ basisPoints: 1100, amount: 163 }], lastFour: "5678" },
  },
  {
    lines: slip(
      "Ölgerðin ehf.",
      "410502-2679",
      "15.10.2026",
      [
        ["Gosdrykkir, kassi", "12.400 kr."],
        ["Vatn, kassi", "3.100 kr."],
      ],
      "15.500 kr.",
      ["VSK 11%           1.536 kr."],
      "Kort: XXXX XXXX XXXX 4321",
    ),
    expected: { total: 15500, date: "2026-10-15", vat: [{ basisPoints: 1100, amount: 1536 }], lastFour: "4321" },
  },
  {
    lines: slip(
      "Tölvulistinn",
      "551201-0749",
      "02.11.2026 16:47",
      [
        ["Mús, þráðlaus", "6.990 kr."],
        ["USB-C snúra", "2.490 kr."],
      ],
      "9.480 kr.",
      ["VSK 24%           1.835 kr."],
      "Mastercard ************9012",
    ),
    expected: { total: 9480, date: "2026-11-02", vat: [{ basisPoints: 2400, amount: 1835 }], lastFour: "9012" },
  },
  {
    lines: slip(
      "Fjarðarkaup",
      "471004-1979",
      "28.09.2026 18:10",
      [
        ["Ávextir", "1.580 kr."],
        ["Þvottaefni", "1.990 kr."],
      ],
      "3.570 kr.",
      ["VSK 11%             157 kr.", "VSK 24%             385 kr."],
      "Kort ************3456",
    ),
    expected: {
      total: 3570,
      date: "2026-09-28",
      vat: [
        { basisPoints: 1100, amount: 157 },
        { basisPoints: 2400, amount: 385 },
      ],
      lastFour: "3456",
    },
  },
];

/** Each base drawn clean and spoiled in several ways: 25 receipts. */
const VARIANTS: { name: string; spoil: Spoil; format: GoldenReceipt["format"] }[] = [
  { name: "clean PNG", spoil: {}, format: "png" },
  { name: "turned 2 degrees, JPEG", spoil: { rotate: 2 }, format: "jpeg" },
  { name: "blurred and noisy", spoil: { blur: 0.9, noise: 28 }, format: "png" },
  { name: "photographed on a table", spoil: { photo: true, rotate: -1.5, contrast: 0.75 }, format: "jpeg" },
  { name: "scanned into a PDF", spoil: { rotate: 1, noise: 12 }, format: "pdf_scan" },
];

export const GOLDEN_RECEIPTS: GoldenReceipt[] = BASES.flatMap((base, index) =>
  VARIANTS.map((variant, v) => ({
    ...base,
    name: `${base.lines[0]}: ${variant.name}`,
    // The first base's PDF keeps a text layer, as a PDF from a shop's system does.
    format: index === 0 && v === 4 ? "pdf_text" : variant.format,
    spoil: { ...variant.spoil, fontSize: index === 3 && v === 0 ? 15 : undefined },
  })),
);

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** Noise from a fixed seed, so every run reads the same pictures. */
const noisy = (pixels: Buffer, amount: number, seed: number): Buffer => {
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    const shift = (state % (2 * amount + 1)) - amount;
    pixels[i] = Math.max(0, Math.min(255, (pixels[i] ?? 0) + shift));
  }
  return pixels;
};

const drawSlip = async (receipt: GoldenReceipt, seed: number): Promise<Buffer> => {
  const sharp = await loadSharp();
  const size = receipt.spoil.fontSize ?? 20;
  const step = Math.round(size * 1.6);
  const width = 560;
  const height = 80 + receipt.lines.length * step;
  const text = receipt.lines
    .map(
      (line, i) =>
        `<text x="30" y="${60 + i * step}" font-family="DejaVu Sans Mono, monospace" font-size="${i === 0 ? size + 6 : size}" fill="#1d1d1d" xml:space="preserve">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fbfaf5"/>${text}</svg>`;
  let picture = sharp(Buffer.from(svg)).flatten({ background: "#fbfaf5" });
  const { spoil } = receipt;
  if (spoil.contrast) picture = picture.linear(spoil.contrast, 255 * (1 - spoil.contrast) * 0.6);
  if (spoil.photo) {
    // On a wooden-brown table, lit from one side, a little further away.
    picture = sharp(await picture.png().toBuffer()).extend({
      top: 60,
      bottom: 80,
      left: 70,
      right: 50,
      background: "#6b4f3a",
    });
  }
  if (spoil.rotate) picture = sharp(await picture.png().toBuffer()).rotate(spoil.rotate, { background: "#6b4f3a" });
  if (spoil.blur) picture = picture.blur(spoil.blur);
  let png = await picture.png().toBuffer();
  if (spoil.noise) {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    png = await sharp(noisy(data, spoil.noise, seed), {
      raw: { width: info.width, height: info.height, channels: info.channels },
    })
      .png()
      .toBuffer();
  }
  return png;
};

/** A JPEG as the one picture of a one-page PDF, as a scanner makes it (no text layer). */
const scannedPdf = (jpeg: Buffer, width: number, height: number): Buffer => {
  const content = Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`);
  return pdfDocument([
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>`,
    ),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      ),
      jpeg,
      Buffer.from("\nendstream"),
    ]),
  ]);
};

/** The receipt's file, as it would arrive: its type and bytes. */
export const goldenFile = async (
  receipt: GoldenReceipt,
  seed: number,
): Promise<{ type: "image/png" | "image/jpeg" | "application/pdf"; data: Buffer }> => {
  if (receipt.format === "pdf_text") return { type: "application/pdf", data: tillSlipPdf(receipt.lines) };
  const sharp = await loadSharp();
  const png = await drawSlip(receipt, seed);
  if (receipt.format === "png") return { type: "image/png", data: png };
  const jpeg = await sharp(png)
    .removeAlpha()
    .jpeg({ quality: receipt.spoil.photo ? 55 : 80 })
    .toBuffer();
  if (receipt.format === "jpeg") return { type: "image/jpeg", data: jpeg };
  const { width = 560, height = 800 } = await sharp(jpeg).metadata();
  return { type: "application/pdf", data: scannedPdf(jpeg, width, height) };
};
