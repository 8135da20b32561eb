// Writes the employee app's PNG icons (public/icons): Kort's blue square with a white card, drawn pixel by pixel so
// no image tool is needed. Run once when the design changes: `node apps/web/scripts/app-icons.mjs`.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

const BLUE = [0x10, 0x5d, 0xc6];
const WHITE = [0xff, 0xff, 0xff];
const STRIPE = [0x0a, 0x3d, 0x85];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A `size` px icon; `safe` is the share of the side the card may use (maskable icons keep to the middle 80 %). */
const icon = (size, safe) => {
  const cardW = Math.round(size * 0.62 * safe);
  const cardH = Math.round(cardW * 0.63);
  const left = Math.round((size - cardW) / 2);
  const top = Math.round((size - cardH) / 2);
  const stripeTop = top + Math.round(cardH * 0.22);
  const stripeH = Math.round(cardH * 0.16);
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const inCard = x >= left && x < left + cardW && y >= top && y < top + cardH;
      const inStripe = inCard && y >= stripeTop && y < stripeTop + stripeH;
      row.push(...(inStripe ? STRIPE : inCard ? WHITE : BLUE));
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
};

const out = path.resolve(import.meta.dirname, "../public/icons");
for (const [name, size, safe] of [
  ["icon-192.png", 192, 1],
  ["icon-512.png", 512, 1],
  ["maskable-512.png", 512, 0.8],
  ["apple-touch-icon.png", 180, 1],
]) {
  writeFileSync(path.join(out, name), icon(size, safe));
}
