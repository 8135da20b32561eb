import { RECEIPT_MAX_BYTES } from "@kort/core";
import { describe, expect, it } from "vitest";
import { formatFileSize, isPreviewableImage, precheckReceipt } from "./receipt-files.ts";

describe("receipt files", () => {
  it("refuses empty, too large and plainly wrong files before sending them", () => {
    expect(precheckReceipt({ size: 0, type: "image/png" })).toBe("RECEIPT_EMPTY");
    expect(precheckReceipt({ size: RECEIPT_MAX_BYTES + 1, type: "image/png" })).toBe("RECEIPT_TOO_LARGE");
    expect(precheckReceipt({ size: RECEIPT_MAX_BYTES, type: "image/png" })).toBeNull();
    expect(precheckReceipt({ size: 10, type: "text/plain" })).toBe("RECEIPT_TYPE_NOT_ALLOWED");
    expect(precheckReceipt({ size: 10, type: "application/pdf" })).toBeNull();
    // An unknown type is the server's to decide by the content.
    expect(precheckReceipt({ size: 10, type: "" })).toBeNull();
  });

  it("previews JPEG and PNG, and sizes files", () => {
    expect(isPreviewableImage("image/png")).toBe(true);
    expect(isPreviewableImage("application/pdf")).toBe(false);
    expect(formatFileSize(100, "en-GB")).toBe("1 kB");
    expect(formatFileSize(2.5 * 1024 * 1024, "en-GB")).toBe("2.5 MB");
  });
});
