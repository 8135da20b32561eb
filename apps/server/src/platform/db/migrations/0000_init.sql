CREATE TYPE "public"."authorization_status" AS ENUM('pending', 'cleared', 'reversed', 'declined');--> statement-breakpoint
CREATE TYPE "public"."card_status" AS ENUM('ACTIVE', 'CLOSED', 'CREATED', 'EXPIRED', 'FROZEN', 'LOCKED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."card_type" AS ENUM('BUSINESS_EXPENSE', 'EMPLOYEE_EXPENSE');--> statement-breakpoint
CREATE TYPE "public"."category_group" AS ENUM('Default', 'Team');--> statement-breakpoint
CREATE TYPE "public"."export_format" AS ENUM('CSV', 'DK', 'Payday', 'PeppolIS', 'Unimaze', 'XLSX');--> statement-breakpoint
CREATE TYPE "public"."export_level" AS ENUM('CARD', 'PROJECT', 'TRANSACTION', 'USER');--> statement-breakpoint
CREATE TYPE "public"."idempotency_status" AS ENUM('in_progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('created', 'pending', 'started', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."limit_period" AS ENUM('DAILY', 'MONTHLY', 'NON_RECURRING', 'SLIDING_24H', 'WEEKLY', 'YEARLY');--> statement-breakpoint
CREATE TYPE "public"."limit_usage_type" AS ENUM('ALL', 'ATM', 'RETAIL');--> statement-breakpoint
CREATE TYPE "public"."message_channel" AS ENUM('sms', 'email', 'einvoice');--> statement-breakpoint
CREATE TYPE "public"."onboarding_attribute_kind" AS ENUM('full_name', 'preferred_name', 'date_of_birth', 'email', 'username', 'national_id', 'phone', 'app_pin', 'password', 'address', 'device');--> statement-breakpoint
CREATE TYPE "public"."onboarding_status" AS ENUM('created', 'approved', 'user_created', 'expired');--> statement-breakpoint
CREATE TYPE "public"."role_name" AS ENUM('project_owner', 'team_admin', 'accountant', 'user', 'platform_owner', 'empty_role');--> statement-breakpoint
CREATE TYPE "public"."token_status" AS ENUM('created', 'approved');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('created', 'started', 'verified', 'expired', 'failed');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"group" "category_group" DEFAULT 'Default' NOT NULL,
	"default_tax_category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "category_dimensions" (
	"project_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"dimension_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_dimensions_pkey" PRIMARY KEY("category_id","dimension_id")
);
--> statement-breakpoint
CREATE TABLE "dimension_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"dimension_id" uuid NOT NULL,
	"title" text NOT NULL,
	"code" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dimensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tax_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"code" text NOT NULL,
	"peppol_code" text NOT NULL,
	"percentage" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_categories_project_code_key" UNIQUE("project_id","code"),
	CONSTRAINT "tax_categories_percentage_range" CHECK ("tax_categories"."percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "onboarding_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"onboarding_id" uuid NOT NULL,
	"kind" "onboarding_attribute_kind" NOT NULL,
	"value" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_attributes_onboarding_kind_key" UNIQUE("onboarding_id","kind")
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" "onboarding_status" DEFAULT 'created' NOT NULL,
	"email" text NOT NULL,
	"invite_id" uuid,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_id" uuid,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"status" "token_status" DEFAULT 'created' NOT NULL,
	"authenticator" text,
	"device_id" text,
	"device_make" text,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "message_channel" NOT NULL,
	"purpose" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" "verification_status" DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"user_id" uuid,
	"token_id" uuid,
	"onboarding_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"issuer" text NOT NULL,
	"total_amount" bigint NOT NULL,
	"currency" text DEFAULT 'ISK' NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" "job_status" DEFAULT 'created' NOT NULL,
	"file_name" text,
	"file_blob_key" text,
	"pdf_blob_key" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_project_period_key" UNIQUE("project_id","period_from"),
	CONSTRAINT "invoices_period_order" CHECK ("invoices"."period_from" <= "invoices"."period_to")
);
--> statement-breakpoint
CREATE TABLE "card_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"sum_amount" bigint NOT NULL,
	"single_amount" bigint NOT NULL,
	"count" integer DEFAULT 1000 NOT NULL,
	"usage_type" "limit_usage_type" DEFAULT 'ALL' NOT NULL,
	"period" "limit_period" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_limits_amounts_non_negative" CHECK ("card_limits"."sum_amount" >= 0 and "card_limits"."single_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"card_type" "card_type" NOT NULL,
	"team_id" uuid,
	"status" "card_status" DEFAULT 'CREATED' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"masked_number" text NOT NULL,
	"pan_encrypted" "bytea" NOT NULL,
	"cvc_encrypted" "bytea" NOT NULL,
	"expiration_month" smallint NOT NULL,
	"expiration_year" smallint NOT NULL,
	"cardholder_id" uuid NOT NULL,
	"created_by" uuid,
	"will_close_at" timestamp with time zone,
	"default_transaction_category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "cards_masked_number_last_four" CHECK ("cards"."masked_number" ~ '^[0-9]{4}$'),
	CONSTRAINT "cards_expiration_month_range" CHECK ("cards"."expiration_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"file_type" "export_format" NOT NULL,
	"level" "export_level" NOT NULL,
	"status" "job_status" DEFAULT 'created' NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"exclude_booked" boolean DEFAULT false NOT NULL,
	"mark_as_booked" boolean DEFAULT false NOT NULL,
	"file_name" text,
	"file_blob_key" text,
	"error" text,
	"scheduled_export_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"level" "export_level" NOT NULL,
	"file_type" "export_format" NOT NULL,
	"exclude_booked" boolean DEFAULT true NOT NULL,
	"mark_as_booked" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "role_name" NOT NULL,
	"team_id" uuid,
	"max_monthly_limit" bigint,
	"allow_issuing_cards_to_self" boolean DEFAULT true NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invites_email_lower_case" CHECK ("invites"."email" = lower("invites"."email"))
);
--> statement-breakpoint
CREATE TABLE "announcement_acknowledgements" (
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_acknowledgements_pkey" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid,
	"locale" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_user_dedupe_key" UNIQUE("user_id","dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" "message_channel" NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" "idempotency_status" DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_records_scope_key" UNIQUE("scope","key")
);
--> statement-breakpoint
CREATE TABLE "authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'ISK' NOT NULL,
	"original_amount" bigint NOT NULL,
	"original_currency" text NOT NULL,
	"original_exponent" smallint DEFAULT 0 NOT NULL,
	"cleared_amount" bigint,
	"merchant_name" text NOT NULL,
	"merchant_city" text,
	"merchant_country" text,
	"mcc" text NOT NULL,
	"status" "authorization_status" NOT NULL,
	"decline_code" text,
	"network_reference" text,
	"approval_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "authorizations_network_reference_unique" UNIQUE("network_reference")
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "role_name" NOT NULL,
	"max_monthly_limit" bigint,
	"allow_issuing_cards_to_self" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_user_key" UNIQUE("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kennitala" text NOT NULL,
	"host" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'ISK' NOT NULL,
	"address_street" text,
	"address_postcode" text,
	"address_city" text,
	"receipts_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_receipts_email_unique" UNIQUE("receipts_email"),
	CONSTRAINT "projects_kennitala_digits" CHECK ("projects"."kennitala" ~ '^[0-9]{10}$'),
	CONSTRAINT "projects_credit_limit_non_negative" CHECK ("projects"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"project_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_pkey" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_visible_categories" (
	"project_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "team_visible_categories_pkey" PRIMARY KEY("team_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"account_code" text NOT NULL,
	"account_code_name" text,
	"category_id" uuid,
	"monthly_budget" bigint,
	"max_monthly_limit" bigint,
	"max_weekly_limit" bigint,
	"max_daily_limit" bigint,
	"all_categories_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "teams_monthly_budget_non_negative" CHECK ("teams"."monthly_budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"transaction_id" uuid,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" text NOT NULL,
	"blob_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transaction_dimension_values" (
	"project_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"dimension_id" uuid NOT NULL,
	"dimension_value_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_dimension_values_pkey" PRIMARY KEY("transaction_id","dimension_id")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"authorization_id" uuid,
	"description" text NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_city" text,
	"merchant_country" text,
	"mcc" text,
	"original_amount" bigint NOT NULL,
	"original_currency" text NOT NULL,
	"original_exponent" smallint DEFAULT 0 NOT NULL,
	"transaction_amount" bigint NOT NULL,
	"transaction_currency" text DEFAULT 'ISK' NOT NULL,
	"transaction_date" timestamp with time zone NOT NULL,
	"category_id" uuid,
	"tax_category_id" uuid,
	"team_category_id" uuid,
	"comments" text,
	"latest_export_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_authorization_id_unique" UNIQUE("authorization_id")
);
--> statement-breakpoint
CREATE TABLE "email_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_addresses_email_unique" UNIQUE("email"),
	CONSTRAINT "email_addresses_email_lower_case" CHECK ("email_addresses"."email" = lower("email_addresses"."email"))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"preferred_name" text,
	"email" text NOT NULL,
	"nin" text,
	"phone" text,
	"image_id" uuid,
	"image_blob_key" text,
	"image_thumbnail_blob_key" text,
	"locale" text DEFAULT 'is-IS' NOT NULL,
	"passcode_hash" text,
	"failed_passcode_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"temp_lock_count" integer DEFAULT 0 NOT NULL,
	"locked_permanently" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_nin_unique" UNIQUE("nin"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_nin_digits" CHECK ("users"."nin" ~ '^[0-9]{10}$'),
	CONSTRAINT "users_locale_known" CHECK ("users"."locale" in ('is-IS', 'en-US'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_default_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("default_tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_dimensions" ADD CONSTRAINT "category_dimensions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_dimensions" ADD CONSTRAINT "category_dimensions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_dimensions" ADD CONSTRAINT "category_dimensions_dimension_id_dimensions_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."dimensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_values" ADD CONSTRAINT "dimension_values_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimension_values" ADD CONSTRAINT "dimension_values_dimension_id_dimensions_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."dimensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dimensions" ADD CONSTRAINT "dimensions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_categories" ADD CONSTRAINT "tax_categories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_attributes" ADD CONSTRAINT "onboarding_attributes_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_invite_id_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboardings" ADD CONSTRAINT "onboardings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_onboarding_id_onboardings_id_fk" FOREIGN KEY ("onboarding_id") REFERENCES "public"."onboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_limits" ADD CONSTRAINT "card_limits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_limits" ADD CONSTRAINT "card_limits_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_cardholder_id_users_id_fk" FOREIGN KEY ("cardholder_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_default_transaction_category_id_categories_id_fk" FOREIGN KEY ("default_transaction_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_scheduled_export_id_scheduled_exports_id_fk" FOREIGN KEY ("scheduled_export_id") REFERENCES "public"."scheduled_exports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_acknowledgements" ADD CONSTRAINT "announcement_acknowledgements_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_acknowledgements" ADD CONSTRAINT "announcement_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorizations" ADD CONSTRAINT "authorizations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_visible_categories" ADD CONSTRAINT "team_visible_categories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_visible_categories" ADD CONSTRAINT "team_visible_categories_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_visible_categories" ADD CONSTRAINT "team_visible_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_dimension_id_dimensions_id_fk" FOREIGN KEY ("dimension_id") REFERENCES "public"."dimensions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_dimension_values" ADD CONSTRAINT "transaction_dimension_values_dimension_value_id_dimension_values_id_fk" FOREIGN KEY ("dimension_value_id") REFERENCES "public"."dimension_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_authorization_id_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."authorizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_tax_category_id_tax_categories_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_team_category_id_categories_id_fk" FOREIGN KEY ("team_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_latest_export_id_exports_id_fk" FOREIGN KEY ("latest_export_id") REFERENCES "public"."exports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_addresses" ADD CONSTRAINT "email_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_project_group_title_idx" ON "categories" USING btree ("project_id","group","title");--> statement-breakpoint
CREATE INDEX "category_dimensions_dimension_idx" ON "category_dimensions" USING btree ("dimension_id");--> statement-breakpoint
CREATE INDEX "category_dimensions_project_idx" ON "category_dimensions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "dimension_values_dimension_title_idx" ON "dimension_values" USING btree ("dimension_id","title");--> statement-breakpoint
CREATE INDEX "dimension_values_project_idx" ON "dimension_values" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "dimensions_project_title_idx" ON "dimensions" USING btree ("project_id","title");--> statement-breakpoint
CREATE INDEX "onboardings_email_idx" ON "onboardings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tokens_expires_at_idx" ON "tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "verifications_user_idx" ON "verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_token_idx" ON "verifications" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "verifications_onboarding_idx" ON "verifications" USING btree ("onboarding_id");--> statement-breakpoint
CREATE INDEX "invoices_project_issue_date_idx" ON "invoices" USING btree ("project_id","issue_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "card_limits_card_idx" ON "card_limits" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_limits_project_idx" ON "card_limits" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cards_project_status_created_idx" ON "cards" USING btree ("project_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cards_project_cardholder_idx" ON "cards" USING btree ("project_id","cardholder_id");--> statement-breakpoint
CREATE INDEX "cards_project_team_idx" ON "cards" USING btree ("project_id","team_id");--> statement-breakpoint
CREATE INDEX "cards_will_close_at_idx" ON "cards" USING btree ("will_close_at") WHERE "cards"."will_close_at" is not null and "cards"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "exports_project_created_idx" ON "exports" USING btree ("project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scheduled_exports_project_idx" ON "scheduled_exports" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "invites_project_email_idx" ON "invites" USING btree ("project_id","email");--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "announcement_acknowledgements_user_idx" ON "announcement_acknowledgements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" USING btree ("published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_project_created_idx" ON "notifications" USING btree ("user_id","project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_project_idx" ON "notifications" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "outbox_to_created_idx" ON "outbox" USING btree ("to","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_project_created_idx" ON "audit_log" USING btree ("project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "authorizations_card_created_idx" ON "authorizations" USING btree ("card_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "authorizations_project_created_idx" ON "authorizations" USING btree ("project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "authorizations_project_pending_idx" ON "authorizations" USING btree ("project_id") WHERE "authorizations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "authorizations_team_created_idx" ON "authorizations" USING btree ("team_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_members_project_role_idx" ON "project_members" USING btree ("project_id","role");--> statement-breakpoint
CREATE INDEX "projects_kennitala_idx" ON "projects" USING btree ("kennitala");--> statement-breakpoint
CREATE INDEX "team_members_project_user_idx" ON "team_members" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "team_visible_categories_project_idx" ON "team_visible_categories" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "team_visible_categories_category_idx" ON "team_visible_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_project_name_live_key" ON "teams" USING btree ("project_id","name") WHERE "teams"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_transaction_idx" ON "receipts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "receipts_project_created_idx" ON "receipts" USING btree ("project_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "receipts_project_user_unmatched_idx" ON "receipts" USING btree ("project_id","user_id") WHERE "receipts"."transaction_id" is null;--> statement-breakpoint
CREATE INDEX "transaction_dimension_values_value_idx" ON "transaction_dimension_values" USING btree ("dimension_value_id");--> statement-breakpoint
CREATE INDEX "transaction_dimension_values_project_idx" ON "transaction_dimension_values" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "transactions_project_date_idx" ON "transactions" USING btree ("project_id","transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_project_user_date_idx" ON "transactions" USING btree ("project_id","user_id","transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_project_team_date_idx" ON "transactions" USING btree ("project_id","team_id","transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_card_date_idx" ON "transactions" USING btree ("card_id","transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_project_uncategorised_idx" ON "transactions" USING btree ("project_id","transaction_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "transactions"."category_id" is null;--> statement-breakpoint
CREATE INDEX "transactions_latest_export_idx" ON "transactions" USING btree ("latest_export_id");--> statement-breakpoint
CREATE INDEX "transactions_category_idx" ON "transactions" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "email_addresses_user_idx" ON "email_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");