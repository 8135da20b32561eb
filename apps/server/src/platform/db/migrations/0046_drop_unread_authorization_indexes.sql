-- Three indexes of authorizations that no statement reads: by company and date, a company's pending ones, and by team
-- and date. The running balances (0014_balances) hold the sums they were made for; a card's history and its sliding
-- 24 hours read authorizations_card_created_idx, the expiry job authorizations_pending_created_idx, retries the
-- network-reference key (which also leads with the company). Each cost every card decision a B-tree entry in the WAL
-- it waits to flush. Teams are only ever soft-deleted, so the team key's ON DELETE SET NULL never looks them up.
DROP INDEX "authorizations_project_created_idx";--> statement-breakpoint
DROP INDEX "authorizations_project_pending_idx";--> statement-breakpoint
DROP INDEX "authorizations_team_created_idx";