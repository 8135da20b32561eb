import { readdir } from "node:fs/promises";
import { tillSlipPng } from "../../receipts/demo-receipts.ts";
import { recognizeText, stopOcr } from "../ocr.ts";
import { readReceiptFields } from "../read-receipt.ts";

/**
 * Run by reading.offline.test.ts in a process of its own without a network (a new network namespace, so the OCR
 * worker's thread has none either): reads a receipt with Icelandic letters and prints, as one JSON line, whether the
 * network could be reached, the text OCR read, the fields parsed and the files the working folder holds afterwards.
 */

export const OFFLINE_SLIP = [
  "Bónus Skeifunni",
  "Kt. 540595-2409",
  "21.11.2026  14:32",
  "",
  "Þorskflök          2.990 kr.",
  "Harðfiskur           599 kr.",
  "Hænuegg              689 kr.",
  "Ávaxtasafi           312 kr.",
  "",
  "Samtals            4.590 kr.",
  "VSK 11%              455 kr.",
  "",
  "Kort ************2468",
];

const main = async () => {
  const network = await fetch("http://1.1.1.1/", { signal: AbortSignal.timeout(3_000) }).then(
    () => "reachable",
    () => "unreachable",
  );
  const picture = await tillSlipPng(OFFLINE_SLIP);
  const { text } = await recognizeText(picture);
  const { fields } = await readReceiptFields({ type: "image/png", data: picture });
  await stopOcr();
  const written = await readdir(process.cwd());
  process.stdout.write(`${JSON.stringify({ network, text, fields, written })}\n`);
};

await main();
