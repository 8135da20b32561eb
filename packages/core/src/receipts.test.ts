import { describe, expect, it } from "vitest";
import {
  fileNameEnding,
  isReceiptFileType,
  RECEIPT_ACCEPT,
  RECEIPT_MAX_BYTES,
  receiptNameMismatch,
  signedLinkNeedsRefresh,
} from "./receipts.ts";

describe("receipt rules", () => {
  it("allows jpeg, png, heic and pdf, up to 10 MB", () => {
    expect(RECEIPT_MAX_BYTES).toBe(10_485_760);
    for (const type of ["image/jpeg", "image/png", "image/heic", "image/heif", "application/pdf"]) {
      expect(isReceiptFileType(type)).toBe(true);
    }
    for (const type of ["image/gif", "application/x-msdownload", "text/plain", "toString"]) {
      expect(isReceiptFileType(type)).toBe(false);
    }
    expect(RECEIPT_ACCEPT.split(",")).toEqual(expect.arrayContaining(["application/pdf", ".heic", ".jpg"]));
  });

  it("reads the ending of a name", () => {
    expect(fileNameEnding("Kvittun.PDF")).toBe("pdf");
    expect(fileNameEnding("kvittun")).toBe(null);
    expect(fileNameEnding("mappa.d/kvittun")).toBe(null);
    expect(fileNameEnding("kvittun.")).toBe(null);
  });

  it("tells a renamed file from a name that claims nothing", () => {
    expect(receiptNameMismatch("kvittun.png", "application/pdf")).toBe(true);
    expect(receiptNameMismatch("kvittun.pdf", "image/png")).toBe(true);
    expect(receiptNameMismatch("kvittun.exe", "application/pdf")).toBe(true);
    expect(receiptNameMismatch("kvittun.txt", "image/jpeg")).toBe(true);
    expect(receiptNameMismatch("kvittun.pdf", "application/pdf")).toBe(false);
    expect(receiptNameMismatch("IMG_0001.JPG", "image/jpeg")).toBe(false);
    expect(receiptNameMismatch("IMG_0001.jpeg", "image/jpeg")).toBe(false);
    expect(receiptNameMismatch("IMG_0001.HEIC", "image/heif")).toBe(false);
    expect(receiptNameMismatch("Kvittun 21.11.2026", "application/pdf")).toBe(false);
    expect(receiptNameMismatch("kvittun", "image/png")).toBe(false);
  });

  it("asks for a new link when it has no expiry, is past it or within 4 s of it", () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    expect(signedLinkNeedsRefresh(null, now)).toBe(true);
    expect(signedLinkNeedsRefresh("not a date", now)).toBe(true);
    expect(signedLinkNeedsRefresh("2026-11-21T11:59:59.000Z", now)).toBe(true);
    expect(signedLinkNeedsRefresh("2026-11-21T12:00:04.000Z", now)).toBe(true);
    expect(signedLinkNeedsRefresh(new Date("2026-11-21T12:00:04.001Z"), now)).toBe(false);
    expect(signedLinkNeedsRefresh("2026-11-21T12:15:00.000Z", now)).toBe(false);
  });
});
