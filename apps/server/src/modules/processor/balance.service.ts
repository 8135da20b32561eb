import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projects } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import { creditBalance } from "./balances.repo.ts";

/**
 * Spec section 3, Account balance, in ISK: available = credit_limit - used - reserved + deposited, where deposited is
 * what initiated transfers added for the billing period (issue 16).
 */
export type AccountBalance = {
  creditLimit: number;
  used: number;
  reserved: number;
  deposited: number;
  available: number;
};

/**
 * The project's balance at `now` from its running balance rows (used is the billing period's settled spend, reserved
 * its pending authorizations). Available goes below zero when clearings exceeded what was authorized: shown as it is.
 */
export const accountBalance = async (db: Executor, projectId: string, now: Date): Promise<AccountBalance> => {
  const [project] = await db
    .select({ creditLimit: projects.creditLimit })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw new AppError("PROJECT_NOT_FOUND", "The project was not found.");
  const { used, reserved, deposited } = await creditBalance(db, projectId, now);
  return {
    creditLimit: project.creditLimit,
    used,
    reserved,
    deposited,
    available: project.creditLimit - used - reserved + deposited,
  };
};

/** Cards' spend in their limit's window, in one statement, for other modules (the cards list's balances). */
export { cardWindowSpend } from "./balances.repo.ts";
