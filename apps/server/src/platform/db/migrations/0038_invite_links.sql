-- The invitation directory (docs/scaling.md, blocker 2): whose invitation an id is. A link names the invitation by
-- id alone and a sign-up in progress (onboardings, a global table) refers to it so; both now go through this table,
-- and the invitations are keyed by the company like every other tenant table, (id, project_id). The directory is
-- kept by the database whichever code writes invitations (an older server during the rolling deploy too), and the
-- trigger comes before the copy of today's invitations: CREATE TRIGGER holds off writers until the commit. A sign-up
-- refers to the directory's row, which goes with its invitation, so the reference is still nulled when the
-- invitation's company is deleted. The release before reads invitations by id, which leads the new key.
CREATE TABLE "invite_links" (
	"invite_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL
);--> statement-breakpoint
CREATE FUNCTION kort_keep_invite_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM invite_links WHERE invite_id = OLD.id;
  ELSE
    INSERT INTO invite_links (invite_id, project_id) VALUES (NEW.id, NEW.project_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invites_keep_invite_links AFTER INSERT OR DELETE ON invites
  FOR EACH ROW EXECUTE FUNCTION kort_keep_invite_links();--> statement-breakpoint
-- An invitation never changes its id or company: refused rather than followed.
CREATE FUNCTION kort_invite_key_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an invitation keeps its id and company' USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER invites_key_unchanged BEFORE UPDATE OF id, project_id ON invites
  FOR EACH ROW WHEN (OLD.id <> NEW.id OR OLD.project_id <> NEW.project_id)
  EXECUTE FUNCTION kort_invite_key_unchanged();--> statement-breakpoint
INSERT INTO invite_links (invite_id, project_id) SELECT id, project_id FROM invites;--> statement-breakpoint
ALTER TABLE "onboardings" DROP CONSTRAINT "onboardings_invite_id_invites_id_fk";--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_invite_id_invite_links_invite_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invite_links"("invite_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" DROP CONSTRAINT "invites_pkey", ADD CONSTRAINT "invites_pkey" PRIMARY KEY ("id", "project_id");
