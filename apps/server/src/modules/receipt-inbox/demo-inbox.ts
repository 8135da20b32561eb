import { formatDate, formatMoney } from "@kort/core";
import { sql } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type { Db } from "../../platform/db/client.ts";
import type { DemoDataOptions } from "../../platform/module.ts";
import { tillSlipPng } from "../receipts/demo-receipts.ts";
import { parseReceiptEmail } from "./inbound-email.ts";
import { findProjectByMailbox, findSenderMember } from "./inbox.repo.ts";
import { takeEmail } from "./inbox.service.ts";

/** The demo company's mailbox and the cardholder whose e-mails the demo shows. */
const DEMO_MAILBOX = "demo";
const DEMO_SENDER = "employee@demo.is";

type Purchase = { merchant_name: string; amount: string; transaction_date: Date };

const mail = (subject: string, text: string, fileName: string, picture: Buffer): Promise<Buffer> =>
  new MailComposer({
    from: DEMO_SENDER,
    to: `${DEMO_MAILBOX}@kvittanir.kort.is`,
    subject,
    text,
    attachments: [{ filename: fileName, content: picture, contentType: "image/png" }],
  })
    .compile()
    .build();

/**
 * Demo mode: three receipts Demo ehf.'s employee e-mailed to the company's address, through the same steps as a real
 * e-mail: one the matcher attached by its amount and date (its reason shows in the panel), one whose date is too far
 * from the purchase to attach without a person (a suggestion to confirm), one that names no amount (waiting). Once
 * per database: nothing happens once the company has an e-mailed receipt.
 */
export const seedDemoInbox = async (db: Db, options: DemoDataOptions): Promise<number> => {
  const project = await findProjectByMailbox(db, DEMO_MAILBOX);
  if (!project) return 0;
  const emailed = await db.execute(sql`
    select 1 from receipts where project_id = ${project.id} and source = 'email' limit 1`);
  if (emailed.rows.length > 0) return 0;
  const sender = await findSenderMember(db, project.id, DEMO_SENDER);
  if (!sender) return 0;
  const purchases = await db.execute<Purchase>(sql`
    select merchant_name, transaction_amount::text as amount, transaction_date
      from transactions
     where project_id = ${project.id} and user_id = ${sender.userId} and closed_at is not null
       and receipt_count = 0 and transaction_amount > 0 and refund_of_transaction_id is null
     order by transaction_date desc, id
     limit 2`);
  const [matched, suggested] = purchases.rows;
  const messages: Buffer[] = [];
  const day = (date: Date) => formatDate(date, "is-IS");
  if (matched) {
    const amount = formatMoney(Number(matched.amount), { locale: "is-IS", currency: "ISK" });
    const at = new Date(matched.transaction_date);
    messages.push(
      await mail(
        `Fwd: Kvittun frá ${matched.merchant_name}`,
        `Takk fyrir viðskiptin!\nSamtals ${amount}\n${day(at)}`,
        "kvittun.png",
        await tillSlipPng([matched.merchant_name, day(at), `Samtals ${amount}`]),
      ),
    );
  }
  if (suggested) {
    const amount = formatMoney(Number(suggested.amount), { locale: "is-IS", currency: "ISK" });
    // Ten days after the purchase: past the three days the matcher attaches within, so a person confirms it.
    const late = new Date(new Date(suggested.transaction_date).getTime() + 10 * 86_400_000);
    messages.push(
      await mail(
        `Reikningur ${suggested.merchant_name}`,
        `Reikningur dags. ${day(late)}\nUpphæð ${amount}`,
        "reikningur.png",
        await tillSlipPng([suggested.merchant_name, `Reikningur ${day(late)}`, `Upphæð ${amount}`]),
      ),
    );
  }
  messages.push(
    await mail(
      "Kvittun",
      "Sendi kvittunina úr leigubílnum.",
      "leigubill.png",
      await tillSlipPng(["Hreyfill", "Takk fyrir"]),
    ),
  );
  let taken = 0;
  for (const raw of messages) {
    const email = await parseReceiptEmail(raw);
    // Demo data is made before the workers start: the reading module's sweep reads these receipts then.
    const tasks = { send: async () => undefined };
    const files = await takeEmail(
      { db, blobs: options.blobs, now: () => options.now, tasks },
      { project, sender, email },
    );
    taken += files.filter((file) => file.status !== "duplicate" && file.status !== "refused").length;
  }
  return taken;
};
