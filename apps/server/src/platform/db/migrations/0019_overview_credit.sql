CREATE TYPE "public"."account_holder" AS ENUM('COMPANY', 'PARENT', 'SUBSIDIARY');--> statement-breakpoint
CREATE TYPE "public"."transfer_status" AS ENUM('created', 'initiated');--> statement-breakpoint
CREATE TYPE "public"."transfer_type" AS ENUM('COMPANY_DEPOSIT');--> statement-breakpoint
CREATE TABLE "credit_deposits" (
	"project_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"deposited" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_deposits_pkey" PRIMARY KEY("project_id","period_start"),
	CONSTRAINT "credit_deposits_non_negative" CHECK ("credit_deposits"."deposited" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"project_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" "transfer_type" NOT NULL,
	"status" "transfer_status" DEFAULT 'created' NOT NULL,
	"amount" bigint NOT NULL,
	"bank_account" text NOT NULL,
	"account_holder" "account_holder" NOT NULL,
	"holder_kennitala" text NOT NULL,
	"period_start" timestamp with time zone,
	"created_by" uuid,
	"initiated_by" uuid,
	"initiated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_pkey" PRIMARY KEY("project_id","id"),
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount" > 0),
	CONSTRAINT "transfers_bank_account_form" CHECK ("transfers"."bank_account" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{6}$'),
	CONSTRAINT "transfers_holder_kennitala_digits" CHECK ("transfers"."holder_kennitala" ~ '^[0-9]{10}$'),
	CONSTRAINT "transfers_initiated_has_period" CHECK (("transfers"."status" = 'initiated') = ("transfers"."period_start" is not null and "transfers"."initiated_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "credit_deposits" ADD CONSTRAINT "credit_deposits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_initiated_by_users_id_fk" FOREIGN KEY ("initiated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_project_created_idx" ON "transfers" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_project_actor_created_idx" ON "audit_log" USING btree ("project_id","actor_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Hand-written (issue 16): credit_deposits recomputed from the transfers that are its truth, as
-- kort_credit_balances_from_ledger does for credit_balances; tests compare the stored rows with it.
CREATE FUNCTION "kort_credit_deposits_from_transfers"("p" uuid) RETURNS SETOF "credit_deposits" LANGUAGE sql STABLE AS $$
  SELECT t.project_id, t.period_start, sum(t.amount)::bigint
    FROM "transfers" t
   WHERE t.status = 'initiated' AND ("p" IS NULL OR t.project_id = "p")
   GROUP BY t.project_id, t.period_start
$$;
