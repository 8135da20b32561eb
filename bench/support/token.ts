import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * An approved session for a demo user, written the way sign-in leaves it. The floor server hashes the bearer
 * in SQL, so both sides do the same lookup.
 */
export const createBenchToken = async (databaseUrl: string, email: string): Promise<string> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const token = randomBytes(32).toString("base64url");
    await client.query(
      `insert into tokens (user_id, token_hash, status, expires_at)
       select id, encode(sha256(convert_to($2, 'UTF8')), 'hex'), 'approved', now() + interval '1 hour' from users where email = $1`,
      [email, token],
    );
    return token;
  } finally {
    await client.end();
  }
};
