import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./validation-rules.ts";

/**
 * The platform console's inputs (issue 9), checked alike by the form and the server. A credit limit is whole
 * kronur and at most 12 digits, the amount input's length (spec 9).
 */
export const CREDIT_LIMIT_MAX = 999_999_999_999;

/** At most this many companies in one page of the waiting list, and locked users in one answer. */
export const PLATFORM_PAGE_MAX = 100;
export const LOCKED_USERS_MAX = 50;

export const creditLimitSchema = z.int().min(0).max(CREDIT_LIMIT_MAX);

export const approveCompanySchema = z.object({ project_id: z.uuid(), credit_limit: creditLimitSchema }).strict();
export type ApproveCompanyInput = z.output<typeof approveCompanySchema>;

export const rejectCompanySchema = z.object({ project_id: z.uuid() }).strict();

export const reapproveUserSchema = z.object({ user_id: z.uuid() }).strict();

/** A piece of an e-mail address to look locked users up by; empty or absent lists the latest locked. */
export const lockedUserSearchSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX_LENGTH)
      .nullish()
      .transform((value) => value || null),
  })
  .strict();

/** The waiting list's page: `after` is the cursor the previous page answered. */
export const pendingCompaniesArgsSchema = z
  .object({
    after: z.string().max(200).nullish(),
    limit: z.int().min(1).max(PLATFORM_PAGE_MAX).nullish(),
  })
  .strict();
