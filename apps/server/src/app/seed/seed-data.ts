import type { RoleName } from "@kort/core";

/**
 * The demo companies and people (README lists the sign-ins). Kennitölur pass the checksum; phone numbers
 * are Icelandic mobiles in E.164. Messages to them only ever reach the outbox in demo mode.
 */

export const DEMO_PASSCODE = "1234";

export type DemoUserKey = "owner" | "teamAdmin" | "accountant" | "employee";

export const DEMO_USERS: Record<
  DemoUserKey,
  { email: string; fullName: string; preferredName: string; nin: string; phone: string; role: RoleName }
> = {
  owner: {
    email: "owner@demo.is",
    fullName: "Anna Jónsdóttir",
    preferredName: "Anna",
    nin: "1203852169",
    phone: "+3546111234",
    role: "project_owner",
  },
  teamAdmin: {
    email: "teamadmin@demo.is",
    fullName: "Jón Guðmundsson",
    preferredName: "Jón",
    nin: "0307913399",
    phone: "+3546122345",
    role: "team_admin",
  },
  accountant: {
    email: "accountant@demo.is",
    fullName: "Guðrún Sigurðardóttir",
    preferredName: "Guðrún",
    nin: "2502884689",
    phone: "+3546133456",
    role: "accountant",
  },
  employee: {
    email: "employee@demo.is",
    fullName: "Sigurður Ólafsson",
    preferredName: "Siggi",
    nin: "1706995219",
    phone: "+3546144567",
    role: "user",
  },
};

export type DemoProject = {
  title: string;
  kennitala: string;
  creditLimit: number;
  address: { street: string; postcode: string; city: string };
  /** The local part of its receipts address (`demo@<KORT_RECEIPTS_DOMAIN>`). */
  receiptsMailbox: string;
  /** Members besides the owner, who is project_owner of every demo project. */
  members: DemoUserKey[];
  teams: { name: string; accountCode: string; accountCodeName: string; monthlyBudget: number | null }[];
};

export const DEMO_PROJECTS: DemoProject[] = [
  {
    title: "Demo ehf.",
    kennitala: "4701191010",
    creditLimit: 5_000_000,
    address: { street: "Laugavegur 26", postcode: "101", city: "Reykjavík" },
    receiptsMailbox: "demo",
    members: ["teamAdmin", "accountant", "employee"],
    teams: [
      { name: "Sala", accountCode: "4010", accountCodeName: "Söludeild", monthlyBudget: 800_000 },
      { name: "Þróun", accountCode: "4020", accountCodeName: "Þróunardeild", monthlyBudget: 1_200_000 },
    ],
  },
  {
    title: "Demo Ráðgjöf ehf.",
    kennitala: "6205220580",
    creditLimit: 2_000_000,
    address: { street: "Borgartún 12", postcode: "105", city: "Reykjavík" },
    receiptsMailbox: "radgjof",
    members: [],
    teams: [{ name: "Ráðgjöf", accountCode: "4030", accountCodeName: "Ráðgjafasvið", monthlyBudget: null }],
  },
];

/** Team memberships in Demo ehf.: the team admin runs Sala and sits in Þróun; the employee is in both. */
export const DEMO_TEAM_MEMBERS: { team: string; user: DemoUserKey; isAdmin: boolean }[] = [
  { team: "Sala", user: "teamAdmin", isAdmin: true },
  { team: "Sala", user: "employee", isAdmin: false },
  { team: "Þróun", user: "teamAdmin", isAdmin: false },
  { team: "Þróun", user: "employee", isAdmin: false },
];

/** The VAT codes of the company's tax categories (every company starts with these; @kort/core DEFAULT_TAX_CATEGORIES). */
export type DemoTaxCode = "VSK24" | "VSK11" | "VSK0";

/**
 * Demo ehf.'s chart of accounts: expense accounts numbered after the tax return's codes, as Payday's default chart
 * is (2360 office costs, 2440 other costs), each with the VAT rate its purchases usually carry: accommodation, food
 * and books 11%, passenger flights none, the rest 24%.
 */
export const DEMO_CATEGORIES: { title: string; code: string; tax: DemoTaxCode }[] = [
  { title: "Skrifstofukostnaður", code: "2360", tax: "VSK24" },
  { title: "Annar kostnaður", code: "2440", tax: "VSK24" },
  { title: "Ferðakostnaður", code: "2330", tax: "VSK24" },
  { title: "Gisting", code: "2335", tax: "VSK11" },
  { title: "Flugfargjöld", code: "2340", tax: "VSK0" },
  { title: "Hugbúnaður og áskriftir", code: "2365", tax: "VSK24" },
  { title: "Fæði og veitingar", code: "2370", tax: "VSK11" },
  { title: "Sími og netþjónusta", code: "2350", tax: "VSK24" },
  { title: "Bækur og tímarit", code: "2380", tax: "VSK11" },
  { title: "Auglýsingar og kynningarmál", code: "2400", tax: "VSK24" },
  { title: "Bifreiðakostnaður", code: "2510", tax: "VSK24" },
];

/** Dimensions with values, each asked for by the categories listed in `categories`. */
export const DEMO_DIMENSIONS: {
  title: string;
  values: { title: string; code: string }[];
  categories: string[];
}[] = [
  {
    title: "Deild",
    values: [
      { title: "Sala", code: "D-10" },
      { title: "Þróun", code: "D-20" },
      { title: "Rekstur", code: "D-30" },
      { title: "Markaðsmál", code: "D-40" },
    ],
    categories: [
      "Ferðakostnaður",
      "Gisting",
      "Flugfargjöld",
      "Fæði og veitingar",
      "Hugbúnaður og áskriftir",
      "Annar kostnaður",
    ],
  },
  {
    title: "Verkefni",
    values: [
      { title: "Vefur 2026", code: "V-101" },
      { title: "Markaðsherferð", code: "V-102" },
      { title: "Innleiðing hjá viðskiptavini", code: "V-103" },
    ],
    categories: ["Ferðakostnaður", "Gisting", "Flugfargjöld", "Fæði og veitingar"],
  },
];

/**
 * Demo ehf.'s cards, issued through the cards module's `issueCard` by the owner: the employee holds vendor cards
 * (one with a monthly limit of 150.000 kr.), the team admin one, the owner a subscription card for software.
 */
export const DEMO_CARDS: {
  holder: DemoUserKey;
  cardType: "EMPLOYEE_EXPENSE" | "BUSINESS_EXPENSE";
  description: string;
  team: string;
  limit: { sumAmount: number; period: "MONTHLY" | "WEEKLY" | "DAILY" };
  category: string | null;
}[] = [
  {
    holder: "employee",
    cardType: "EMPLOYEE_EXPENSE",
    description: "Innkaup Sala",
    team: "Sala",
    limit: { sumAmount: 150_000, period: "MONTHLY" },
    category: "Skrifstofukostnaður",
  },
  {
    holder: "employee",
    cardType: "EMPLOYEE_EXPENSE",
    description: "Ferðir og akstur",
    team: "Sala",
    limit: { sumAmount: 60_000, period: "WEEKLY" },
    category: "Ferðakostnaður",
  },
  {
    holder: "teamAdmin",
    cardType: "EMPLOYEE_EXPENSE",
    description: "Sala útgjöld",
    team: "Sala",
    limit: { sumAmount: 300_000, period: "MONTHLY" },
    category: null,
  },
  {
    holder: "owner",
    cardType: "BUSINESS_EXPENSE",
    description: "Hugbúnaður",
    team: "Þróun",
    limit: { sumAmount: 400_000, period: "MONTHLY" },
    category: "Hugbúnaður og áskriftir",
  },
];

/**
 * The platform side of the demo (issue 9): the operator's own project, Kort hf., with its platform owner, who runs
 * the console at /platform; and a company that signed up and waits for approval, so the console is not empty.
 */
export type DemoPlatformUserKey = "platformOwner" | "waitingOwner";

export const DEMO_PLATFORM_USERS: Record<
  DemoPlatformUserKey,
  { email: string; fullName: string; preferredName: string; nin: string; phone: string; role: RoleName }
> = {
  platformOwner: {
    email: "platform@demo.is",
    fullName: "Kristín Pálsdóttir",
    preferredName: "Kristín",
    nin: "0904781099",
    phone: "+3546155678",
    role: "platform_owner",
  },
  waitingOwner: {
    email: "pending@demo.is",
    fullName: "Ólafur Bjarnason",
    preferredName: "Óli",
    nin: "1411901059",
    phone: "+3546166789",
    role: "project_owner",
  },
};

export const DEMO_PLATFORM_OPERATOR = {
  title: "Kort hf.",
  kennitala: "5003101030",
  address: { street: "Katrínartún 2", postcode: "105", city: "Reykjavík" },
} as const;

/** Signed up two days before the seed ran; no credit and no cards until a platform owner approves it. */
export const DEMO_WAITING_COMPANY = {
  title: "Nýsköpun ehf.",
  kennitala: "6108211030",
  signedUpDaysAgo: 2,
} as const;
