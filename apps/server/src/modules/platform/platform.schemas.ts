import { APPROVAL_STATUSES } from "@kort/core";
import { z } from "zod";

/** What the platform console's calls answer (issue 9). Whitelists: nothing else of a company or a person leaves. */

export const companyOwnerSchema = z.object({ user_id: z.uuid(), full_name: z.string(), email: z.string() });

export const pendingCompanySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** 10 digits; the console writes it DDMMYY-NNNN. */
  kennitala: z.string(),
  created_at: z.date(),
  /** The person who signed the company up (its first administrator); null if they have since been removed. */
  owner: companyOwnerSchema.nullable(),
});

export const pendingCompaniesSchema = z.object({
  nodes: z.array(pendingCompanySchema),
  /** Pass as `after` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});

export const decidedCompanySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  approval_status: z.enum(APPROVAL_STATUSES),
  /** ISK, whole kronur, as a string like account balance's credit_limit. */
  credit_limit: z.string(),
  enabled: z.boolean(),
  decided_at: z.date().nullable(),
});

export const lockedUserSchema = z.object({
  user_id: z.uuid(),
  full_name: z.string(),
  email: z.string(),
  /** Locked until an admin unlocks (after repeated temporary locks). */
  locked_permanently: z.boolean(),
  /** The end of a temporary lock; null for a permanent one, or once unlocked. */
  locked_until: z.date().nullable(),
  locked: z.boolean(),
});

export type PendingCompanyDto = z.output<typeof pendingCompanySchema>;
export type PendingCompaniesDto = z.output<typeof pendingCompaniesSchema>;
export type DecidedCompanyDto = z.output<typeof decidedCompanySchema>;
export type LockedUserDto = z.output<typeof lockedUserSchema>;
