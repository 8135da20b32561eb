-- The company registry (docs/scaling.md, blocker 2): the keys of projects that are global by nature (one kennitala per
-- live company, at most one platform operator, one company per receipts mailbox) on a table of their own, which
-- sign-up and inbound e-mail read. Kept by the database whichever code writes companies; the triggers come before the
-- copy of today's companies (CREATE TRIGGER holds off writers until the commit). The keys on projects stay for the
-- release before, which names projects_kennitala_key, and go in a later migration.
CREATE TABLE "project_registry" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"kennitala" text NOT NULL,
	"rejected" boolean NOT NULL,
	"is_platform_operator" boolean NOT NULL,
	"receipts_mailbox" text NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "project_registry_kennitala_key" ON "project_registry" USING btree ("kennitala") WHERE not "project_registry"."rejected";--> statement-breakpoint
CREATE INDEX "project_registry_kennitala_idx" ON "project_registry" USING btree ("kennitala");--> statement-breakpoint
CREATE UNIQUE INDEX "project_registry_platform_operator_key" ON "project_registry" USING btree ("is_platform_operator") WHERE "project_registry"."is_platform_operator";--> statement-breakpoint
CREATE UNIQUE INDEX "project_registry_receipts_mailbox_key" ON "project_registry" USING btree ("receipts_mailbox");--> statement-breakpoint
CREATE FUNCTION kort_keep_project_registry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM project_registry WHERE project_id = OLD.id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO project_registry (project_id, kennitala, rejected, is_platform_operator, receipts_mailbox)
      VALUES (NEW.id, NEW.kennitala, NEW.approval_status = 'rejected', NEW.is_platform_operator, NEW.receipts_mailbox);
  ELSE
    UPDATE project_registry
       SET project_id = NEW.id, kennitala = NEW.kennitala, rejected = NEW.approval_status = 'rejected',
           is_platform_operator = NEW.is_platform_operator, receipts_mailbox = NEW.receipts_mailbox
     WHERE project_id = OLD.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER projects_keep_project_registry AFTER INSERT OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION kort_keep_project_registry();--> statement-breakpoint
-- Only a change of a registered key: the company's other writes (credit, settings) leave the registry alone.
CREATE TRIGGER projects_keep_project_registry_on_change
  AFTER UPDATE OF id, kennitala, approval_status, is_platform_operator, receipts_mailbox ON projects
  FOR EACH ROW
  WHEN (OLD.id <> NEW.id OR OLD.kennitala <> NEW.kennitala
    OR (OLD.approval_status = 'rejected') <> (NEW.approval_status = 'rejected')
    OR OLD.is_platform_operator <> NEW.is_platform_operator OR OLD.receipts_mailbox <> NEW.receipts_mailbox)
  EXECUTE FUNCTION kort_keep_project_registry();--> statement-breakpoint
INSERT INTO project_registry (project_id, kennitala, rejected, is_platform_operator, receipts_mailbox)
  SELECT id, kennitala, approval_status = 'rejected', is_platform_operator, receipts_mailbox FROM projects;
