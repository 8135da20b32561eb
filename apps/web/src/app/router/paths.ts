/** The dashboard's routes (spec 2). Parameterised ones are functions. */
export const PATHS = {
  root: "/",
  auth: "/auth",
  signupFullName: (onboardingId: string) => `/auth/signup/fullname/${encodeURIComponent(onboardingId)}`,
  signupNin: (onboardingId: string) => `/auth/signup/nin/${encodeURIComponent(onboardingId)}`,
  signupPhone: (onboardingId: string) => `/auth/signup/phone/${encodeURIComponent(onboardingId)}`,
  signupSecurityCode: (onboardingId: string) => `/auth/signup/securitycode/${encodeURIComponent(onboardingId)}`,
  signupPhoneVerify: (onboardingId: string, phone: string) =>
    `/auth/signup/phone/verify/${encodeURIComponent(onboardingId)}/${encodeURIComponent(phone)}`,
  signinPhoneVerify: "/auth/signin/phone/verify",
  signinSecurityCode: "/auth/signin/securitycode",
  inviteAccept: "/invites/accept",
  onboardingCreate: "/onboarding/create",
  version: "/Version",
  emailConfirm: "/emailConfirm",
  aliasVerify: "/email-addresses/verify",
  complete: "/complete",
  terms: "/terms",
  privacy: "/privacy",
  people: "/people",
  cards: "/cards",
  card: (id: string) => `/cards/${encodeURIComponent(id)}`,
  teams: "/teams",
  team: (id: string) => `/teams/${encodeURIComponent(id)}`,
  accounting: "/accounting",
  transactions: "/transactions",
  expenses: "/expenses",
  /** The ledger with one purchase's panel open. */
  expense: (id: string) => `/expenses/${encodeURIComponent(id)}`,
  invoices: "/invoices",
  personalSettings: "/personal-settings",
  overview: "/overview",
  auditLog: "/overview/audit-log",
  platform: "/platform",
  cardDesigns: "/card-designs",
  devOutbox: "/dev/outbox",
  notFound: "/404",
  versionNotSupported: "/505",
} as const;

/** Where a signed-in visitor lands by default, and where choosing a project leads. */
export const HOME_PATH = PATHS.expenses;
