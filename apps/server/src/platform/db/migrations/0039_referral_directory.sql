-- Referrals' two global keys (docs/scaling.md, blocker 2). A code is redeemed by another company than the one that
-- referred it: the referral code directory says whose referral a code is, kept by the database whichever code writes
-- referrals (the trigger before the copy of today's referrals, as in 0036). "A company is referred once" becomes a
-- fact of the referred company's own row, projects.referred_at, set once under that row's lock. The two global
-- indexes on referrals stay for the release before, which still relies on them, and go in a later migration.
CREATE TABLE "referral_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"referral_id" uuid NOT NULL
);--> statement-breakpoint
CREATE FUNCTION kort_keep_referral_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM referral_codes WHERE code_hash = OLD.code_hash;
  ELSE
    INSERT INTO referral_codes (code_hash, project_id, referral_id) VALUES (NEW.code_hash, NEW.project_id, NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER referrals_keep_referral_codes AFTER INSERT OR DELETE ON referrals
  FOR EACH ROW EXECUTE FUNCTION kort_keep_referral_codes();--> statement-breakpoint
-- A referral never changes its code, id or company: refused rather than followed.
CREATE FUNCTION kort_referral_key_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a referral keeps its code, id and company' USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER referrals_key_unchanged BEFORE UPDATE OF code_hash, id, project_id ON referrals
  FOR EACH ROW
  WHEN (OLD.code_hash <> NEW.code_hash OR OLD.id <> NEW.id OR OLD.project_id <> NEW.project_id)
  EXECUTE FUNCTION kort_referral_key_unchanged();--> statement-breakpoint
INSERT INTO referral_codes (code_hash, project_id, referral_id) SELECT code_hash, project_id, id FROM referrals;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "referred_at" timestamp with time zone;--> statement-breakpoint
UPDATE projects p SET referred_at = r.redeemed_at
  FROM referrals r WHERE r.redeemed_project_id = p.id AND r.redeemed_at IS NOT NULL;
