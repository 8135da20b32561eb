import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { AuthLayout } from "../../modules/auth/AuthLayout.tsx";
import { loadSignInSteps } from "../../modules/auth/lazy-sign-in-steps.ts";
import { EmailEntryPage } from "../../modules/auth/pages/EmailEntryPage.tsx";
import { DemoOutboxLink } from "../../modules/dev-outbox/DemoOutboxLink.tsx";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { RouteErrorPage } from "../errors/RouteErrorPage.tsx";
import { VersionNotSupportedPage } from "../errors/VersionNotSupportedPage.tsx";
import { loadTexts } from "../i18n/i18n.ts";
import type { LazyTextGroup } from "../i18n/text-groups.ts";
import { PublicLayout } from "../layouts/PublicLayout.tsx";
import { FullPageLoading } from "../states/FullPageLoading.tsx";
import { PATHS } from "./paths.ts";
import { RequireSession } from "./RequireSession.tsx";

/**
 * A route whose page loads on first visit: the sign-in e-mail screen comes with the first load (its next steps just
 * after it shows, lazy-sign-in-steps.ts), every other page in a chunk of its own, so a person signing in downloads
 * none of the dashboard (issue 10: at most 200 KB gzip first).
 */
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, texts?: LazyTextGroup) =>
  async () => {
    // The page's texts load beside its code, so it never shows a key.
    const [module] = await Promise.all([load(), texts ? loadTexts(texts) : undefined]);
    return { Component: module[name] as ComponentType };
  };

/** The terms and the privacy policy are read, not filled in: a wider card than the forms'. */
const LEGAL_PAGE_WIDTH = 720;

/** Every route of spec 2. Paths are relative to `/`; see paths.ts for the absolute forms. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Opened straight at a lazy page (a reload, a link), the router has nothing to show until its chunk arrives.
    hydrateFallbackElement: <FullPageLoading />,
    children: [
      { index: true, element: <Navigate to={PATHS.auth} replace /> },
      {
        path: "auth",
        element: <AuthLayout />,
        children: [
          { index: true, element: <EmailEntryPage /> },
          {
            path: "signup/fullname/:onboardingId",
            lazy: page(() => import("../../modules/auth/pages/SignupFullNamePage.tsx"), "SignupFullNamePage"),
          },
          {
            path: "signup/nin/:onboardingId",
            lazy: page(() => import("../../modules/auth/pages/SignupNinPage.tsx"), "SignupNinPage"),
          },
          {
            path: "signup/phone/:onboardingId",
            lazy: page(() => import("../../modules/auth/pages/SignupPhonePage.tsx"), "SignupPhonePage"),
          },
          {
            path: "signup/securitycode/:onboardingId",
            lazy: page(() => import("../../modules/auth/pages/SignupSecurityCodePage.tsx"), "SignupSecurityCodePage"),
          },
          {
            path: "signup/phone/verify/:onboardingId/:phoneNumber",
            lazy: page(() => import("../../modules/auth/pages/SignupPhoneVerifyPage.tsx"), "SignupPhoneVerifyPage"),
          },
          {
            path: "signin/phone/verify",
            lazy: page(async () => (await loadSignInSteps()).phoneVerify, "SigninPhoneVerifyPage"),
          },
          {
            path: "signin/securitycode",
            lazy: page(async () => (await loadSignInSteps()).securityCode, "SigninSecurityCodePage"),
          },
        ],
      },
      {
        element: <PublicLayout footer={<DemoOutboxLink />} />,
        children: [
          {
            path: "invites/accept",
            lazy: page(() => import("../../modules/invites/InviteAcceptPage.tsx"), "InviteAcceptPage"),
          },
          {
            path: "onboarding/create",
            lazy: page(() => import("../../modules/onboarding/OnboardingCreatePage.tsx"), "OnboardingCreatePage"),
          },
          { path: "Version", lazy: page(() => import("../../modules/version/VersionPage.tsx"), "VersionPage") },
          {
            path: "emailConfirm",
            lazy: page(() => import("../../modules/onboarding/EmailConfirmPage.tsx"), "EmailConfirmPage"),
          },
          { path: "complete", lazy: page(() => import("../../modules/onboarding/CompletePage.tsx"), "CompletePage") },
          {
            path: "email-addresses/verify",
            lazy: page(() => import("../../modules/settings/AliasVerifyPage.tsx"), "AliasVerifyPage"),
          },
        ],
      },
      {
        element: <PublicLayout width={LEGAL_PAGE_WIDTH} />,
        children: [
          { path: "terms", lazy: page(() => import("../../modules/legal/LegalPages.tsx"), "TermsPage", "legal") },
          { path: "privacy", lazy: page(() => import("../../modules/legal/LegalPages.tsx"), "PrivacyPage", "legal") },
        ],
      },
      {
        // Unlock with biometrics (issue 17): outside the session guard, as it is what makes the session.
        path: "app/unlock",
        lazy: page(() => import("../../mobile/UnlockPage.tsx"), "UnlockPage", "employeeApp"),
      },
      {
        element: <RequireSession />,
        children: [
          {
            // The employee app (issue 17): its own lazy tree and texts, so it never loads the dashboard's code.
            path: "app",
            lazy: page(() => import("../../mobile/AppShell.tsx"), "AppShell", "employeeApp"),
            children: [
              { index: true, lazy: page(() => import("../../mobile/MyCardsPage.tsx"), "MyCardsPage") },
              {
                path: "cards/:id",
                lazy: page(() => import("../../mobile/CardActivityPage.tsx"), "CardActivityPage"),
              },
              {
                path: "transactions",
                lazy: page(() => import("../../mobile/MyTransactionsPage.tsx"), "MyTransactionsPage"),
              },
              {
                path: "transactions/:id",
                lazy: page(() => import("../../mobile/TransactionPage.tsx"), "TransactionPage"),
              },
              {
                path: "notifications",
                lazy: page(() => import("../../mobile/NotificationsPage.tsx"), "NotificationsPage"),
              },
              { path: "account", lazy: page(() => import("../../mobile/AccountPage.tsx"), "AccountPage") },
            ],
          },
          {
            lazy: page(() => import("../shell/Shell.tsx"), "Shell", "dashboard"),
            children: [
              { path: "people", lazy: page(() => import("../../modules/people/PeoplePage.tsx"), "PeoplePage") },
              { path: "cards", lazy: page(() => import("../../modules/cards/CardsPage.tsx"), "CardsPage") },
              { path: "cards/:id", lazy: page(() => import("../../modules/cards/CardPage.tsx"), "CardPage") },
              { path: "teams", lazy: page(() => import("../../modules/teams/TeamsPage.tsx"), "TeamsPage") },
              { path: "teams/:id", lazy: page(() => import("../../modules/teams/TeamPage.tsx"), "TeamPage") },
              {
                path: "accounting",
                lazy: page(() => import("../../modules/accounting/AccountingPage.tsx"), "AccountingPage"),
              },
              // One page at both paths; the optional id opens a transaction's panel (`/expenses/{id}`).
              {
                path: "transactions/:id?",
                lazy: page(() => import("../../modules/expenses/ExpensesPage.tsx"), "ExpensesPage"),
              },
              {
                path: "expenses/:id?",
                lazy: page(() => import("../../modules/expenses/ExpensesPage.tsx"), "ExpensesPage"),
              },
              { path: "invoices", lazy: page(() => import("../../modules/invoices/InvoicesPage.tsx"), "InvoicesPage") },
              {
                path: "personal-settings",
                lazy: page(() => import("../../modules/settings/PersonalSettingsPage.tsx"), "PersonalSettingsPage"),
              },
              { path: "overview", lazy: page(() => import("../../modules/overview/OverviewPage.tsx"), "OverviewPage") },
              {
                path: "overview/audit-log",
                lazy: page(() => import("../../modules/overview/AuditLogPage.tsx"), "AuditLogPage"),
              },
              { path: "platform", lazy: page(() => import("../../modules/platform/PlatformPage.tsx"), "PlatformPage") },
              {
                path: "card-designs",
                lazy: page(() => import("../../modules/card-designs/CardDesignsPage.tsx"), "CardDesignsPage"),
              },
            ],
          },
        ],
      },
      { path: "dev/outbox", lazy: page(() => import("../../modules/dev-outbox/OutboxPage.tsx"), "OutboxPage") },
      { path: "404", element: <NotFoundPage /> },
      { path: "505", element: <VersionNotSupportedPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
