-- The card directory (docs/scaling.md, blocker 2): the number the network names a card by, and whose card it is.
-- It is kept by the database whichever code writes the card (the card service, the demo seed, an older server
-- during a rolling deploy), as the balances are. The trigger comes before the copy of today's cards, in the same
-- transaction: CREATE TRIGGER holds off writers to cards until the commit, so no card falls between the two.
-- cards.pan_lookup and its unique index stay for the release before: it still reads them. They go in a later
-- migration, and with them the trigger, when the card service writes the directory itself (on Citus a trigger of a
-- distributed table cannot write the coordinator's table).
CREATE TABLE "card_numbers" (
	"pan_lookup" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL
);--> statement-breakpoint
CREATE FUNCTION kort_keep_card_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.pan_lookup IS NOT NULL THEN
    DELETE FROM card_numbers WHERE pan_lookup = OLD.pan_lookup;
  END IF;
  -- A card without a number (pan_lookup null) is unreachable by the network: it has no entry.
  IF TG_OP <> 'DELETE' AND NEW.pan_lookup IS NOT NULL THEN
    INSERT INTO card_numbers (pan_lookup, project_id, card_id) VALUES (NEW.pan_lookup, NEW.project_id, NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cards_keep_card_numbers AFTER INSERT OR DELETE ON cards
  FOR EACH ROW EXECUTE FUNCTION kort_keep_card_numbers();--> statement-breakpoint
CREATE TRIGGER cards_keep_card_numbers_on_change AFTER UPDATE OF pan_lookup, project_id, id ON cards
  FOR EACH ROW
  WHEN (OLD.pan_lookup IS DISTINCT FROM NEW.pan_lookup OR OLD.project_id <> NEW.project_id OR OLD.id <> NEW.id)
  EXECUTE FUNCTION kort_keep_card_numbers();--> statement-breakpoint
INSERT INTO card_numbers (pan_lookup, project_id, card_id)
  SELECT pan_lookup, project_id, id FROM cards WHERE pan_lookup IS NOT NULL;
