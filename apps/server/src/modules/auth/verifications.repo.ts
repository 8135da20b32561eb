import { and, desc, eq } from "drizzle-orm";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { type VerificationRow, verifications } from "../../platform/db/schema/index.ts";

export type NewVerification = {
  channel: "sms" | "email";
  purpose: VerificationPurpose;
  target: string;
  codeHash: string;
  userId?: string;
  tokenId?: string;
  onboardingId?: string;
  expiresAt: Date;
  createdAt: Date;
};

/** What passing a verification unlocks. */
export type VerificationPurpose = "sign_in" | "sign_up_email" | "sign_up_phone" | "phone_change";

export const insertVerification = async (db: Executor, values: NewVerification): Promise<{ id: string }> => {
  const [row] = await db.insert(verifications).values(values).returning({ id: verifications.id });
  if (!row) throw new Error("verification insert returned nothing");
  return row;
};

/** The verification, locked for the rest of the transaction, so a code is used once even when sent twice at once. */
export const lockVerification = async (tx: Tx, id: string): Promise<VerificationRow | null> => {
  const [row] = await tx.select().from(verifications).where(eq(verifications.id, id)).for("update").limit(1);
  return row ?? null;
};

export const findVerificationById = async (db: Executor, id: string): Promise<VerificationRow | null> => {
  const [row] = await db.select().from(verifications).where(eq(verifications.id, id)).limit(1);
  return row ?? null;
};

export const updateVerification = async (
  db: Executor,
  id: string,
  patch: Partial<Pick<VerificationRow, "status" | "attempts" | "verifiedAt" | "codeHash" | "expiresAt">>,
): Promise<void> => {
  await db.update(verifications).set(patch).where(eq(verifications.id, id));
};

/** The newest sign-in verification of a token (POST /tokens makes exactly one). */
export const findTokenVerification = async (db: Executor, tokenId: string): Promise<VerificationRow | null> => {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.tokenId, tokenId), eq(verifications.purpose, "sign_in")))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row ?? null;
};
