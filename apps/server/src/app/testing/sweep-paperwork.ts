import { CARD_DESIGN_SIZES } from "@kort/core";
import sharp from "sharp";
import { tillSlipPdf } from "../../modules/receipts/demo-receipts.ts";
import { type CallerHeaders, graphqlAs, uploadAs } from "./sweep-calls.ts";
import type { TestApp } from "./test-app.ts";

const CREATE_EXPORT = `mutation {
  create_export(input: { level: PROJECT, file_type: CSV, selection: { filter: {} } }) { id } }`;
const CREATE_SCHEDULE = "mutation { create_scheduled_export(file_type: CSV, hour: 3) { id } }";
const ISSUE_INVOICE = "mutation { issue_current_invoice { id } }";
const CREATE_TRANSFER = `mutation ($kennitala: String!) {
  create_transfer(input: { account_holder: COMPANY, amount: 50000, bank_account: "0133-26-012345",
    holder_kennitala: $kennitala }) { id } }`;

let cardImage: Promise<Buffer> | undefined;
/** One card image for every sweep company: drawing it is the slow part of a design, and any valid one will do. */
const designImage = (): Promise<Buffer> => {
  const { width, height } = CARD_DESIGN_SIZES.main;
  cardImage ??= sharp({ create: { width, height, channels: 4, background: "#003897" } })
    .png()
    .toBuffer();
  return cardImage;
};

/**
 * What the owner files and is sent for the sweep company's spend: a receipt on the settled purchase, an export of
 * the period (left waiting, as the test app holds its tasks) and a daily one, the period's invoice, a deposit not
 * yet initiated, and a card design. The company needs its kennitala, address and settled spend before this.
 */
export const sweepPaperwork = async (
  t: TestApp,
  owner: CallerHeaders,
  input: { transaction: string; kennitala: string },
) => {
  const receipt = await uploadAs(t, owner, `/v1/transactions/${input.transaction}/receipts`, {
    fileName: "kvittun.pdf",
    type: "application/pdf",
    data: tillSlipPdf(["Bónus Kringlunni", "Samtals 1.000 kr."]),
  });
  const cardDesign = await uploadAs(t, owner, "/v1/card_designs?name=S%C3%B3pkort", {
    fileName: "sopkort.png",
    type: "image/png",
    data: await designImage(),
  });
  const exported = await graphqlAs<{ create_export: { id: string } }>(t, owner, CREATE_EXPORT);
  const schedule = await graphqlAs<{ create_scheduled_export: { id: string } }>(t, owner, CREATE_SCHEDULE);
  const invoice = await graphqlAs<{ issue_current_invoice: { id: string } }>(t, owner, ISSUE_INVOICE);
  const transfer = await graphqlAs<{ create_transfer: { id: string } }>(t, owner, CREATE_TRANSFER, {
    kennitala: input.kennitala,
  });
  return {
    receipt,
    cardDesign,
    export: exported.create_export.id,
    scheduledExport: schedule.create_scheduled_export.id,
    invoice: invoice.issue_current_invoice.id,
    transfer: transfer.create_transfer.id,
  };
};
