import { billingPeriodDates, currentBillingPeriod, previousBillingPeriod } from "@kort/core";
import type { Db } from "../../platform/db/client.ts";
import type { DemoDataOptions } from "../../platform/module.ts";
import { projectsToInvoice } from "./invoices.repo.ts";
import { issueInvoice } from "./invoices.service.ts";

/** How many ended periods the demo has invoices for (issue 15: the page is never empty on a fresh start). */
export const DEMO_INVOICED_PERIODS = 3;

/**
 * Demo mode: the last three ended periods' invoices for every company with spend in them, each dated the day after
 * its period, as the period-end job would have issued them. Idempotent: an invoiced period is left as it is.
 */
export const seedDemoInvoices = async (db: Db, options: DemoDataOptions): Promise<number> => {
  const config = options.config;
  if (!config?.issuer) return 0;
  let period = currentBillingPeriod(options.now);
  let issued = 0;
  const periods = [];
  for (let n = 0; n < DEMO_INVOICED_PERIODS; n++) {
    period = previousBillingPeriod(period);
    periods.unshift(period);
  }
  // Oldest first, so the numbers run in the order of the periods.
  for (const ended of periods) {
    const projects = await projectsToInvoice(db, ended.from, ended.to, billingPeriodDates(ended).from);
    for (const projectId of projects) {
      const result = await issueInvoice(
        { db, blobs: options.blobs, config, now: () => ended.to },
        { projectId, period: ended, issueDate: ended.to },
      );
      if (result?.created) issued += 1;
    }
  }
  return issued;
};
