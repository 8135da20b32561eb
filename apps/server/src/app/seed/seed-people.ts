import { sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema/index.ts";

type DemoPerson = { email: string; fullName: string; preferredName: string; nin: string; phone: string };

/**
 * Upserts a demo person by e-mail and answers their id: someone who signed up with a demo address already
 * becomes that demo user (their own passcode stays). Used for the demo company's people and the platform's.
 */
export const upsertDemoPerson = async (tx: Tx, person: DemoPerson, passcodeHash: string): Promise<string> => {
  const [row] = await tx
    .insert(users)
    .values({
      email: person.email,
      fullName: person.fullName,
      preferredName: person.preferredName,
      nin: person.nin,
      phone: person.phone,
      passcodeHash,
    })
    .onConflictDoUpdate({ target: users.email, set: { updatedAt: sql`now()` } })
    .returning({ id: users.id });
  if (row === undefined) throw new Error(`Could not create the demo user ${person.email}`);
  return row.id;
};
