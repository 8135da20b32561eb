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
  receiptsEmail: string;
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
    receiptsEmail: "kvittanir+demo@kort.is",
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
    receiptsEmail: "kvittanir+radgjof@kort.is",
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

/** Icelandic VAT: 24% general and 11% reduced are Peppol S, 0% is Z. */
export const DEMO_TAX_CATEGORIES = [
  { code: "VSK24", peppolCode: "S", percentage: 24 },
  { code: "VSK11", peppolCode: "S", percentage: 11 },
  { code: "VSK0", peppolCode: "Z", percentage: 0 },
] as const;

export type DemoTaxCode = (typeof DEMO_TAX_CATEGORIES)[number]["code"];

export const DEMO_CATEGORIES: { title: string; code: string; tax: DemoTaxCode }[] = [
  { title: "Ferðakostnaður", code: "4410", tax: "VSK24" },
  { title: "Flugfargjöld", code: "4420", tax: "VSK0" },
  { title: "Veitingar", code: "4330", tax: "VSK11" },
  { title: "Hugbúnaður", code: "4620", tax: "VSK24" },
  { title: "Skrifstofuvörur", code: "4210", tax: "VSK24" },
  { title: "Bækur og tímarit", code: "4240", tax: "VSK11" },
  { title: "Bifreiðakostnaður", code: "4510", tax: "VSK24" },
];

/** A dimension with values, asked for by the categories listed in `categories`. */
export const DEMO_DIMENSION = {
  title: "Verkefni",
  values: [
    { title: "Vefur 2026", code: "V-101" },
    { title: "Markaðsherferð", code: "V-102" },
    { title: "Innleiðing hjá viðskiptavini", code: "V-103" },
  ],
  categories: ["Ferðakostnaður", "Flugfargjöld", "Veitingar"],
};

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
    category: "Skrifstofuvörur",
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
    category: "Hugbúnaður",
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
