/** The whole Drizzle schema, split by domain; drizzle-kit and `createDb` read it from here. */
export * from "./accounting.ts";
export * from "./auth.ts";
export * from "./balances.ts";
export * from "./billing.ts";
export * from "./cards.ts";
export * from "./devices.ts";
export * from "./enums.ts";
export * from "./exports.ts";
export * from "./invites.ts";
export * from "./messaging.ts";
export * from "./platform.ts";
export * from "./processor.ts";
export * from "./projects.ts";
export * from "./teams.ts";
export * from "./transactions.ts";
export * from "./users.ts";
