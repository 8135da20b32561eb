import type { OnboardingAttributeKind } from "@kort/core";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Executor, Tx } from "../../platform/db/client.ts";
import { onboardingAttributes, onboardings, users } from "../../platform/db/schema/index.ts";

export type OnboardingRow = typeof onboardings.$inferSelect;
export type AttributeRow = typeof onboardingAttributes.$inferSelect;

export const insertOnboarding = async (
  db: Executor,
  values: {
    email: string;
    inviteId: string | null;
    companyName: string | null;
    companyKennitala: string | null;
    steps: 4 | 5;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<OnboardingRow> => {
  const [row] = await db
    .insert(onboardings)
    .values({ ...values, updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error("onboarding insert returned nothing");
  return row;
};

export const findOnboarding = async (db: Executor, id: string): Promise<OnboardingRow | null> => {
  const [row] = await db.select().from(onboardings).where(eq(onboardings.id, id)).limit(1);
  return row ?? null;
};

/** Locked for the transaction: attribute writes and completion of one sign-up never interleave. */
export const lockOnboarding = async (tx: Tx, id: string): Promise<OnboardingRow | null> => {
  const [row] = await tx.select().from(onboardings).where(eq(onboardings.id, id)).for("update").limit(1);
  return row ?? null;
};

/** An unfinished, unexpired sign-up begun from this invitation's link, so a second click continues it. */
export const findOpenInviteOnboarding = async (
  db: Executor,
  inviteId: string,
  now: Date,
): Promise<OnboardingRow | null> => {
  const [row] = await db
    .select()
    .from(onboardings)
    .where(
      and(
        eq(onboardings.inviteId, inviteId),
        eq(onboardings.status, "created"),
        eq(onboardings.steps, 4),
        gt(onboardings.expiresAt, now),
      ),
    )
    .orderBy(desc(onboardings.createdAt))
    .limit(1);
  return row ?? null;
};

export const updateOnboarding = async (
  db: Executor,
  id: string,
  patch: Partial<Pick<OnboardingRow, "status" | "userId" | "projectId" | "termsAcceptedAt" | "privacyAcceptedAt">>,
  now: Date,
): Promise<void> => {
  await db
    .update(onboardings)
    .set({ ...patch, updatedAt: now })
    .where(eq(onboardings.id, id));
};

export const findAttributes = (db: Executor, onboardingId: string): Promise<AttributeRow[]> =>
  db.select().from(onboardingAttributes).where(eq(onboardingAttributes.onboardingId, onboardingId));

/** Sets one attribute; a changed value loses its verification (a new phone must be verified again). */
export const upsertAttribute = async (
  db: Executor,
  values: { onboardingId: string; kind: OnboardingAttributeKind; value: string; verifiedAt: Date | null; now: Date },
): Promise<void> => {
  const row = {
    onboardingId: values.onboardingId,
    kind: values.kind,
    value: values.value,
    verifiedAt: values.verifiedAt,
    createdAt: values.now,
    updatedAt: values.now,
  };
  await db
    .insert(onboardingAttributes)
    .values(row)
    .onConflictDoUpdate({
      target: [onboardingAttributes.onboardingId, onboardingAttributes.kind],
      set: { value: row.value, verifiedAt: row.verifiedAt, updatedAt: row.updatedAt },
    });
};

export const markAttributeVerified = async (
  db: Executor,
  onboardingId: string,
  kind: OnboardingAttributeKind,
  now: Date,
): Promise<void> => {
  await db
    .update(onboardingAttributes)
    .set({ verifiedAt: now, updatedAt: now })
    .where(and(eq(onboardingAttributes.onboardingId, onboardingId), eq(onboardingAttributes.kind, kind)));
};

export const userExistsWithEmail = async (db: Executor, email: string): Promise<boolean> =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;

export const ninInUse = async (db: Executor, nin: string): Promise<boolean> =>
  (await db.select({ id: users.id }).from(users).where(eq(users.nin, nin)).limit(1)).length > 0;

/** The person a completed sign-up creates, with the argon2id hash of the passcode chosen in it. */
export const insertUser = async (
  db: Executor,
  values: {
    email: string;
    fullName: string;
    preferredName: string | null;
    nin: string;
    phone: string;
    passcodeHash: string;
    locale: "is-IS" | "en-US";
    createdAt: Date;
  },
): Promise<{ id: string }> => {
  const [row] = await db
    .insert(users)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  return row;
};
