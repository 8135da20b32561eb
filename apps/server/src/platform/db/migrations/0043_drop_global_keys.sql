-- The old global keys go (docs/scaling.md, blocker 2): each is held by its directory since migrations 0036 to 0041,
-- written by triggers in the same statement, and the release before (those migrations' own) neither reads them nor
-- needs their names: it takes a refusal by the directory's key as the same (a card number taken, a kennitala taken),
-- and a company referred once by projects.referred_at. On a database distributed by company a unique key without
-- project_id cannot exist; these were the last on tenant tables. cards.pan_lookup stays as a plain column: the card
-- directory's trigger reads it.
DROP INDEX "cards_pan_lookup_key";--> statement-breakpoint
DROP INDEX "projects_receipts_mailbox_key";--> statement-breakpoint
DROP INDEX "projects_kennitala_key";--> statement-breakpoint
DROP INDEX "projects_platform_operator_key";--> statement-breakpoint
DROP INDEX "referrals_code_hash_key";--> statement-breakpoint
DROP INDEX "referrals_redeemed_project_key";