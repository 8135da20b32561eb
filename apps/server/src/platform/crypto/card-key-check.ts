import type { Db } from "../db/client.ts";
import { createCardSecrets } from "./card-secrets.ts";

/**
 * Every server on one database must hold the same card key (KORT_CARD_KEY): cards sealed by one are revealed,
 * looked up by PAN and charged through any other. A server started with another key would answer the network
 * "card not found" and its holders "internal error" for every card made elsewhere, and seal new cards nobody else
 * can open. So at start the key must open a card that is already there (the oldest); a database without cards
 * takes any key.
 */
export const checkCardKey = async (db: Db, key: Buffer): Promise<void> => {
  const { rows } = await db.$client.query<{ id: string; pan_encrypted: Buffer }>(
    "select id, pan_encrypted from cards order by created_at, id limit 1",
  );
  const card = rows[0];
  if (!card) return;
  try {
    createCardSecrets(key).open(card.pan_encrypted, card.id);
  } catch {
    throw new Error(
      "The card key does not open the cards already in this database: every server on one database needs the same KORT_CARD_KEY.",
    );
  }
};
