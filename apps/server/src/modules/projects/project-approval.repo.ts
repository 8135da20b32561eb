import type { ApprovalStatus } from "@kort/core";
import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { projects } from "../../platform/db/schema/index.ts";

/**
 * The project's approval, read under FOR KEY SHARE: a platform owner's approve or reject (FOR UPDATE) waits for the
 * transaction to end, and so cannot slip between the check and what it guards. KEY SHARE does not wait for the
 * processor's credit lock (FOR NO KEY UPDATE), so issuing never queues behind card payments.
 */
export const readApprovalForShare = async (tx: Executor, projectId: string): Promise<ApprovalStatus | null> => {
  const [row] = await tx
    .select({ approvalStatus: projects.approvalStatus })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("key share");
  return row?.approvalStatus ?? null;
};
