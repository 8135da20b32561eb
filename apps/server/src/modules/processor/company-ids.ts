import type { Executor } from "../../platform/db/client.ts";
import { companyNumberOf, companyUuid, MAX_COMPANY_NUMBER } from "../../platform/db/uuid-v7.ts";
import { companyOfNumber, numberOfCompany } from "./processor.repo.ts";

/**
 * The ids the card network is given carry their company's number (companyUuid; docs/scaling.md, blocker 3), so a
 * reversal, clearing or refund that names a row by its id alone reads the company in the registry first, by key,
 * and then the row within it. Not kept in the process: one process may serve several databases (the tests do), whose
 * companies are numbered alike, and these calls are not the decision's hot path.
 */

/**
 * Where to look for the row an id names: `projectId` is its company; undefined for an id made before migration 0042,
 * which carries none and is looked for across companies. Null when the id's number names no company: there is no such
 * row.
 */
export const companyOfId = async (tx: Executor, id: string): Promise<{ projectId: string | undefined } | null> => {
  const number = companyNumberOf(id);
  if (number === undefined) return { projectId: undefined };
  if (number > MAX_COMPANY_NUMBER) return null;
  const projectId = await companyOfNumber(tx, number);
  return projectId === undefined ? null : { projectId };
};

/** A new id for a row of the company that the network will be given (a clearing's or a refund's transaction). */
export const companyIdFor = async (tx: Executor, projectId: string, milliseconds?: number): Promise<string> => {
  const number = await numberOfCompany(tx, projectId);
  if (number === undefined) throw new Error(`The company ${projectId} is not in the registry`);
  return companyUuid(number, milliseconds);
};
