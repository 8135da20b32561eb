-- The invoice number directory (docs/scaling.md, blocker 2): a number is unique in its issuer's series, which runs
-- across companies, so its key moves from invoices to a table of its own that stays on the coordinator beside the
-- series. Kept by the database whichever code writes invoices; the trigger comes before the copy of today's
-- invoices (CREATE TRIGGER holds off writers until the commit). The release before neither reads the old key nor
-- names it, and the directory's key refuses whatever it refused, so the old key goes now.
CREATE TABLE "invoice_numbers" (
	"issuer_kennitala" text NOT NULL,
	"number" text NOT NULL,
	"project_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	CONSTRAINT "invoice_numbers_pkey" PRIMARY KEY("issuer_kennitala","number")
);--> statement-breakpoint
CREATE FUNCTION kort_keep_invoice_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM invoice_numbers WHERE issuer_kennitala = OLD.issuer_kennitala AND number = OLD.number;
  ELSE
    INSERT INTO invoice_numbers (issuer_kennitala, number, project_id, invoice_id)
      VALUES (NEW.issuer_kennitala, NEW.number, NEW.project_id, NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoices_keep_invoice_numbers AFTER INSERT OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION kort_keep_invoice_numbers();--> statement-breakpoint
-- An invoice never changes its number, issuer, id or company once issued: refused rather than followed.
CREATE FUNCTION kort_invoice_number_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an invoice keeps its number, issuer, id and company' USING ERRCODE = 'integrity_constraint_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER invoices_number_unchanged BEFORE UPDATE OF issuer_kennitala, number, id, project_id ON invoices
  FOR EACH ROW
  WHEN (OLD.issuer_kennitala <> NEW.issuer_kennitala OR OLD.number <> NEW.number OR OLD.id <> NEW.id
    OR OLD.project_id <> NEW.project_id)
  EXECUTE FUNCTION kort_invoice_number_unchanged();--> statement-breakpoint
INSERT INTO invoice_numbers (issuer_kennitala, number, project_id, invoice_id)
  SELECT issuer_kennitala, number, project_id, id FROM invoices;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_issuer_number_key";
