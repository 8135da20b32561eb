import { accountingModule } from "../modules/accounting/accounting.module.ts";
import { announcementsModule } from "../modules/announcements/announcements.module.ts";
import { authModule } from "../modules/auth/auth.module.ts";
import { cardDesignsModule } from "../modules/card-designs/card-designs.module.ts";
import { cardsModule } from "../modules/cards/cards.module.ts";
import { categorisationModule } from "../modules/categorisation/categorisation.module.ts";
import { creditModule } from "../modules/credit/credit.module.ts";
import { devicesModule } from "../modules/devices/devices.module.ts";
import { emailAddressesModule } from "../modules/email-addresses/email-addresses.module.ts";
import { exportsModule } from "../modules/exports/exports.module.ts";
import { fundingSourcesModule } from "../modules/funding-sources/funding-sources.module.ts";
import { invitesModule } from "../modules/invites/invites.module.ts";
import { invoicesModule } from "../modules/invoices/invoices.module.ts";
import { notificationsModule } from "../modules/notifications/notifications.module.ts";
import { onboardingModule } from "../modules/onboarding/onboarding.module.ts";
import { overviewModule } from "../modules/overview/overview.module.ts";
import { peopleModule } from "../modules/people/people.module.ts";
import { platformModule } from "../modules/platform/platform.module.ts";
import { processorModule } from "../modules/processor/processor.module.ts";
import { projectsModule } from "../modules/projects/projects.module.ts";
import { pushModule } from "../modules/push/push.module.ts";
import { receiptInboxModule } from "../modules/receipt-inbox/receipt-inbox.module.ts";
import { receiptReadingModule } from "../modules/receipt-reading/receipt-reading.module.ts";
import { receiptsModule } from "../modules/receipts/receipts.module.ts";
import { referralsModule } from "../modules/referrals/referrals.module.ts";
import { spendRulesModule } from "../modules/spend-rules/spend-rules.module.ts";
import { supportModule } from "../modules/support/support.module.ts";
import { teamsModule } from "../modules/teams/teams.module.ts";
import { transactionsModule } from "../modules/transactions/transactions.module.ts";
import { webauthnModule } from "../modules/webauthn/webauthn.module.ts";
import type { KortModule } from "../platform/module.ts";

/**
 * Every domain module of Kort, in one list: the one place a new module is added (ARCHITECTURE.md). Importing this
 * file registers every module's GraphQL types; the routes, jobs and demo data are read from the list.
 */
export const KORT_MODULES: readonly KortModule[] = [
  authModule,
  onboardingModule,
  invitesModule,
  peopleModule,
  devicesModule,
  pushModule,
  webauthnModule,
  projectsModule,
  teamsModule,
  accountingModule,
  categorisationModule,
  cardsModule,
  cardDesignsModule,
  spendRulesModule,
  fundingSourcesModule,
  processorModule,
  transactionsModule,
  receiptsModule,
  receiptInboxModule,
  receiptReadingModule,
  invoicesModule,
  exportsModule,
  creditModule,
  overviewModule,
  notificationsModule,
  announcementsModule,
  emailAddressesModule,
  referralsModule,
  supportModule,
  platformModule,
];
