import { billingPeriodOf } from "@kort/core";
import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projects } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { creditUse } from "./spend.repo.ts";

/** Spec section 3, Account balance, in ISK: available = credit_limit - used - reserved. */
export type AccountBalance = { creditLimit: number; used: number; reserved: number; available: number };

/** The project's balance at `now` (used is the billing period's settled spend, reserved its pending authorizations). */
export const accountBalance = async (db: Executor, projectId: string, now: Date): Promise<AccountBalance> => {
  const [project] = await db
    .select({ creditLimit: projects.creditLimit })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
  const { used, reserved } = await creditUse(db, projectId, billingPeriodOf(now));
  return { creditLimit: project.creditLimit, used, reserved, available: project.creditLimit - used - reserved };
};

/** A card's spend in one limit window, for other modules (the cards list's balances); the decision reads it too. */
export { cardUsage } from "./spend.repo.ts";
