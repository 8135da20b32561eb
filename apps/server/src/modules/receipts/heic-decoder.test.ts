import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { stopOcr } from "../receipt-reading/ocr.ts";
import { readReceiptFields } from "../receipt-reading/read-receipt.ts";
import { decodeHeic, stopHeicDecoder } from "./heic-decoder.ts";
import { receiptThumbnail } from "./receipt-files.ts";
import { heicPhoto } from "./testing/receipts-scene.ts";

/**
 * A phone's HEIC (HEVC) receipt decoded in the decoder's thread (issue 18): its pixels, its thumbnail, its fields
 * read by OCR; a broken file and a decode over its time give no picture, and the next decode still works.
 */

afterAll(async () => {
  stopHeicDecoder();
  await stopOcr();
});

describe("HEIC receipts", () => {
  it("decodes a phone's photo to its pixels", async () => {
    const decoded = await decodeHeic(heicPhoto());
    expect(decoded).toMatchObject({ width: 560, height: 464 });
    expect(decoded?.pixels.length).toBe(560 * 464 * 4);
    // The slip's paper (#fbfaf7) at its top left corner, opaque: the picture, not zeros.
    expect([...(decoded?.pixels.subarray(0, 4) ?? [])].map((value) => Math.round(value / 8))).toEqual([31, 31, 31, 32]);
  });

  it("makes a JPEG thumbnail of it", async () => {
    const thumbnail = await receiptThumbnail({ type: "image/heic", fileName: "IMG_0044.HEIC", data: heicPhoto() });
    expect(thumbnail).not.toBeNull();
    const meta = await sharp(thumbnail ?? Buffer.alloc(0)).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 480, height: 398 });
  });

  it("reads the total, date, VSK and card digits from it", { timeout: 60_000 }, async () => {
    const { fields } = await readReceiptFields({ type: "image/heic", data: heicPhoto() });
    expect(fields.total?.value).toBe(4590);
    expect(fields.date?.value).toBe("2026-11-21");
    expect(fields.vat.map(({ basisPoints, amount }) => ({ basisPoints, amount }))).toEqual([
      { basisPoints: 1100, amount: 455 },
    ]);
    expect(fields.lastFour?.value).toBe("1234");
  });

  it("gives no picture for a broken HEIC, and for one over its time; the next decode works", async () => {
    const broken = Buffer.concat([heicPhoto().subarray(0, 400), Buffer.alloc(400)]);
    expect(await decodeHeic(broken)).toBeNull();
    expect(await decodeHeic(heicPhoto(), 1)).toBeNull();
    expect(await decodeHeic(heicPhoto())).toMatchObject({ width: 560, height: 464 });
  });
});
