import { randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";

/**
 * A solid-colour RGB PNG of the given size, written by hand (signature, IHDR, IDAT, IEND) so the flows need no image
 * library: what a person would export from a design tool, at an exact pixel size.
 */
export const solidPng = (width: number, height: number, rgb: [number, number, number] = [30, 70, 200]): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
};

/**
 * A 1x1 PNG with bytes of its own after its end, so the company has not had this file before: an e-mailed file the
 * company already has is not stored again.
 */
export const uniquePng = (): Buffer => Buffer.concat([solidPng(1, 1), Buffer.from(`kort-e2e-${randomUUID()}`)]);
