import { Navigate, type RouteObject } from "react-router";
import { AccountingPage } from "../../modules/accounting/AccountingPage.tsx";
import { AuthLayout } from "../../modules/auth/AuthLayout.tsx";
import { EmailEntryPage } from "../../modules/auth/pages/EmailEntryPage.tsx";
import { SigninPhoneVerifyPage } from "../../modules/auth/pages/SigninPhoneVerifyPage.tsx";
import { SigninSecurityCodePage } from "../../modules/auth/pages/SigninSecurityCodePage.tsx";
import { SignupFullNamePage } from "../../modules/auth/pages/SignupFullNamePage.tsx";
import { SignupNinPage } from "../../modules/auth/pages/SignupNinPage.tsx";
import { SignupPhonePage } from "../../modules/auth/pages/SignupPhonePage.tsx";
import { SignupPhoneVerifyPage } from "../../modules/auth/pages/SignupPhoneVerifyPage.tsx";
import { SignupSecurityCodePage } from "../../modules/auth/pages/SignupSecurityCodePage.tsx";
import { CardPage } from "../../modules/cards/CardPage.tsx";
import { CardsPage } from "../../modules/cards/CardsPage.tsx";
import { DemoOutboxLink } from "../../modules/dev-outbox/DemoOutboxLink.tsx";
import { OutboxPage } from "../../modules/dev-outbox/OutboxPage.tsx";
import { ExpensesPage } from "../../modules/expenses/ExpensesPage.tsx";
import { InviteAcceptPage } from "../../modules/invites/InviteAcceptPage.tsx";
import { InvoicesPage } from "../../modules/invoices/InvoicesPage.tsx";
import { CompletePage } from "../../modules/onboarding/CompletePage.tsx";
import { EmailConfirmPage } from "../../modules/onboarding/EmailConfirmPage.tsx";
import { OnboardingCreatePage } from "../../modules/onboarding/OnboardingCreatePage.tsx";
import { OverviewPage } from "../../modules/overview/OverviewPage.tsx";
import { PeoplePage } from "../../modules/people/PeoplePage.tsx";
import { PlatformPage } from "../../modules/platform/PlatformPage.tsx";
import { PersonalSettingsPage } from "../../modules/settings/PersonalSettingsPage.tsx";
import { TeamPage } from "../../modules/teams/TeamPage.tsx";
import { TeamsPage } from "../../modules/teams/TeamsPage.tsx";
import { TransactionsPage } from "../../modules/transactions/TransactionsPage.tsx";
import { VersionPage } from "../../modules/version/VersionPage.tsx";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { RouteErrorPage } from "../errors/RouteErrorPage.tsx";
import { VersionNotSupportedPage } from "../errors/VersionNotSupportedPage.tsx";
import { PublicLayout } from "../layouts/PublicLayout.tsx";
import { Shell } from "../shell/Shell.tsx";
import { PATHS } from "./paths.ts";
import { RequireSession } from "./RequireSession.tsx";

/** Every route of spec 2. Paths are relative to `/`; see paths.ts for the absolute forms. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to={PATHS.auth} replace /> },
      {
        path: "auth",
        element: <AuthLayout />,
        children: [
          { index: true, element: <EmailEntryPage /> },
          { path: "signup/fullname/:onboardingId", element: <SignupFullNamePage /> },
          { path: "signup/nin/:onboardingId", element: <SignupNinPage /> },
          { path: "signup/phone/:onboardingId", element: <SignupPhonePage /> },
          { path: "signup/securitycode/:onboardingId", element: <SignupSecurityCodePage /> },
          { path: "signup/phone/verify/:onboardingId/:phoneNumber", element: <SignupPhoneVerifyPage /> },
          { path: "signin/phone/verify", element: <SigninPhoneVerifyPage /> },
          { path: "signin/securitycode", element: <SigninSecurityCodePage /> },
        ],
      },
      {
        element: <PublicLayout footer={<DemoOutboxLink />} />,
        children: [
          { path: "invites/accept", element: <InviteAcceptPage /> },
          { path: "onboarding/create", element: <OnboardingCreatePage /> },
          { path: "Version", element: <VersionPage /> },
          { path: "emailConfirm", element: <EmailConfirmPage /> },
          { path: "complete", element: <CompletePage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <Shell />,
            children: [
              { path: "people", element: <PeoplePage /> },
              { path: "cards", element: <CardsPage /> },
              { path: "cards/:id", element: <CardPage /> },
              { path: "teams", element: <TeamsPage /> },
              { path: "teams/:id", element: <TeamPage /> },
              { path: "accounting", element: <AccountingPage /> },
              { path: "transactions", element: <TransactionsPage /> },
              { path: "expenses", element: <ExpensesPage /> },
              { path: "invoices", element: <InvoicesPage /> },
              { path: "personal-settings", element: <PersonalSettingsPage /> },
              { path: "overview", element: <OverviewPage /> },
              { path: "platform", element: <PlatformPage /> },
            ],
          },
        ],
      },
      { path: "dev/outbox", element: <OutboxPage /> },
      { path: "404", element: <NotFoundPage /> },
      { path: "505", element: <VersionNotSupportedPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
