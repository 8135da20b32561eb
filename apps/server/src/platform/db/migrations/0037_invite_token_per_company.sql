-- An invitation's secret is unique within its company, not across the platform: the link names the invitation by
-- id and the secret is compared with its hash, never looked up by it, so the global key guarded nothing a key of the
-- company does not, and a database distributed by project_id cannot keep it (docs/scaling.md, blocker 2). Added
-- before the old key goes.
ALTER TABLE "invites" ADD CONSTRAINT "invites_project_token_hash_key" UNIQUE("project_id","token_hash");--> statement-breakpoint
ALTER TABLE "invites" DROP CONSTRAINT "invites_token_hash_unique";
