import type { Tx } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { readApprovalForShare } from "./project-approval.repo.ts";

/**
 * Cards are issued only for a company the platform has approved (issue 9): a pending company has no credit, and a
 * rejected one is disabled. Holds the project's row for the rest of the caller's transaction.
 */
export const assertProjectApproved = async (tx: Tx, projectId: string): Promise<void> => {
  const status = await readApprovalForShare(tx, projectId);
  if (status === "approved") return;
  throw new AppError("PROJECT_NOT_APPROVED", "Kort has not approved the company yet: no cards can be issued.", {
    approval_status: status,
  });
};
