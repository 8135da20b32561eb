-- A time-ordered UUID (version 7, RFC 9562) for the rows written at a high rate into large indexes: the card
-- decisions and their ledger rows land on the newest page of their primary key's index instead of a random one
-- (platform/db/uuid-v7.ts says why). gen_random_uuid() gives the random bits and the variant; the first 48 bits
-- become the Unix milliseconds, and the version nibble 0100 becomes 0111 by setting bits 52 and 53.
CREATE OR REPLACE FUNCTION kort_uuid_v7() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(
      set_bit(
        overlay(uuid_send(gen_random_uuid())
                placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                FROM 1 FOR 6),
        52, 1),
      53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "authorizations" ALTER COLUMN "id" SET DEFAULT kort_uuid_v7();--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "id" SET DEFAULT kort_uuid_v7();
