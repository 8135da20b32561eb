export * from "./enums.ts";
export * from "./errors.ts";
