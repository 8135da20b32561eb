export * from "./billing-period.ts";
export * from "./calendar.ts";
export * from "./enums.ts";
export * from "./errors.ts";
export * from "./kennitala.ts";
export * from "./money.ts";
export * from "./phone.ts";
export * from "./validation.ts";
