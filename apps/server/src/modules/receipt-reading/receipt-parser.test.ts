import { describe, expect, it } from "vitest";
import { parseReceiptText } from "./receipt-parser.ts";

/** The parser on text as receipts print it and as OCR misreads it (the golden set reads pictures: reading.golden.test.ts). */
describe("parseReceiptText", () => {
  it("reads an Icelandic till slip", () => {
    const fields = parseReceiptText(
      [
        "Bónus Skeifunni",
        "Kt. 540595-2409",
        "21.11.2026  14:32",
        "Mjólk 1 l        329 kr.",
        "Samtals          4.590 kr.",
        "VSK 24%            888 kr.",
        "Kort ************1234",
      ].join("\n"),
    );
    expect(fields.total).toEqual({ value: 4590, confidence: expect.any(Number) });
    expect(fields.total?.confidence).toBeGreaterThan(0.9);
    expect(fields.date?.value).toBe("2026-11-21");
    expect(fields.kennitala?.value).toBe("5405952409");
    expect(fields.vat).toEqual([{ basisPoints: 2400, amount: 888, confidence: expect.any(Number) }]);
    expect(fields.lastFour?.value).toBe("1234");
    expect(fields.merchant?.value).toBe("Bónus Skeifunni");
  });

  it("prefers what was paid over a sum before a discount, and reads OCR's lost accents and letters for digits", () => {
    const fields = parseReceiptText(
      [
        "Kaffitár",
        "Samtals 5.2OO kr",
        "Afsláttur -500",
        "Til greidslu: 4.7OO kr.",
        "VSK 11% 466",
        "XXXX XXXX XXXX 98l2",
      ].join("\n"),
    );
    expect(fields.total?.value).toBe(4700);
    expect(fields.vat[0]).toMatchObject({ basisPoints: 1100, amount: 466 });
    expect(fields.lastFour?.value).toBe("9812");
  });

  it("reads a card line OCR filled with noise, and dates written out", () => {
    const fields = parseReceiptText(
      ["N1 Hringbraut", "3. desember 2026", "Alls 12.345", "Kort *F*X**K4*4*41234"].join("\n"),
    );
    expect(fields.total?.value).toBe(12345);
    expect(fields.date).toEqual({ value: "2026-12-03", confidence: 0.75 });
    expect(fields.lastFour?.value).toBe("1234");
  });

  it("refuses a kennitala whose check digit is wrong, and a VSK line's sum as the total", () => {
    const fields = parseReceiptText(
      ["Verslun", "kt. 540595-2419", "VSK samtals 24% 120 kr.", "Samtals 620 kr."].join("\n"),
    );
    expect(fields.kennitala).toBeNull();
    expect(fields.total?.value).toBe(620);
  });

  it("answers nothing it cannot read rather than a guess", () => {
    expect(parseReceiptText("")).toEqual({
      total: null,
      date: null,
      kennitala: null,
      vat: [],
      lastFour: null,
      merchant: null,
      vatNumber: null,
      address: null,
    });
  });

  it("reads the seller's VSK-númer and address, on one line or two", () => {
    const oneLine = parseReceiptText(
      ["Bónus", "Skeifunni 11, 108 Reykjavík", "Kt. 540595-2409  VSK nr. 12345", "Samtals 4.590 kr."].join("\n"),
    );
    expect(oneLine.vatNumber).toEqual({ value: "12345", confidence: expect.any(Number) });
    expect(oneLine.address?.value).toEqual({ street: "Skeifunni 11", postcode: "108", city: "Reykjavík" });
    const twoLines = parseReceiptText(
      ["Kaffitár", "Laugavegi 26b", "101 Reykjavík", "VSK-númer: 123456", "Samtals 990 kr."].join("\n"),
    );
    expect(twoLines.vatNumber?.value).toBe("123456");
    expect(twoLines.address?.value).toEqual({ street: "Laugavegi 26b", postcode: "101", city: "Reykjavík" });
    expect(parseReceiptText("Hagkaup\nGlerártorgi 1\n600 Akureyri").address?.value.city).toBe("Akureyri");
  });

  it("takes no item, amount or total line for an address, and no VSK rate for a VSK-númer", () => {
    const fields = parseReceiptText(
      ["Verslun", "Mjólk 1 l        329 kr.", "Samtals 4.590 ISK", "VSK 24%            888 kr.", "VSK 11% 455"].join(
        "\n",
      ),
    );
    expect(fields.address).toBeNull();
    expect(fields.vatNumber).toBeNull();
  });
});
