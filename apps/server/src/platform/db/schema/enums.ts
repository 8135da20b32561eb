import {
  APPROVAL_STATUSES,
  CARD_STATUSES,
  CARD_TYPES,
  CATEGORY_GROUPS,
  EXPORT_FORMATS,
  EXPORT_LEVELS,
  JOB_STATUSES,
  LIMIT_PERIODS,
  LIMIT_USAGE_TYPES,
  ONBOARDING_ATTRIBUTE_KINDS,
  PROJECT_PLANS,
  ROLE_NAMES,
  TOKEN_STATUSES,
} from "@kort/core";
import { pgEnum } from "drizzle-orm/pg-core";

/**
 * PostgreSQL enums built from the value lists in @kort/core, so the database, the server and the web app
 * share one list. Adding a value to a core list needs a new migration (`npm run db:generate`).
 */
export const cardStatus = pgEnum("card_status", CARD_STATUSES);
export const cardType = pgEnum("card_type", CARD_TYPES);
export const limitPeriod = pgEnum("limit_period", LIMIT_PERIODS);
export const limitUsageType = pgEnum("limit_usage_type", LIMIT_USAGE_TYPES);
export const exportFormat = pgEnum("export_format", EXPORT_FORMATS);
export const exportLevel = pgEnum("export_level", EXPORT_LEVELS);
export const jobStatus = pgEnum("job_status", JOB_STATUSES);
export const categoryGroup = pgEnum("category_group", CATEGORY_GROUPS);
export const roleName = pgEnum("role_name", ROLE_NAMES);
export const tokenStatus = pgEnum("token_status", TOKEN_STATUSES);
export const approvalStatus = pgEnum("approval_status", APPROVAL_STATUSES);
export const onboardingAttributeKind = pgEnum("onboarding_attribute_kind", ONBOARDING_ATTRIBUTE_KINDS);
export const projectPlan = pgEnum("project_plan", PROJECT_PLANS);

/** Lists that only the database layer knows so far; move them to @kort/core when a client needs them. */
export const AUTHORIZATION_STATUSES = ["pending", "cleared", "reversed", "declined", "expired"] as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number];
export const authorizationStatus = pgEnum("authorization_status", AUTHORIZATION_STATUSES);

export const MESSAGE_CHANNELS = ["sms", "email", "einvoice"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const messageChannel = pgEnum("message_channel", MESSAGE_CHANNELS);

export const VERIFICATION_STATUSES = ["created", "started", "verified", "expired", "failed"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const verificationStatus = pgEnum("verification_status", VERIFICATION_STATUSES);

export const IDEMPOTENCY_STATUSES = ["in_progress", "completed"] as const;
export type IdempotencyStatus = (typeof IDEMPOTENCY_STATUSES)[number];
export const idempotencyStatus = pgEnum("idempotency_status", IDEMPOTENCY_STATUSES);

/** `approved` and `user_created` end the sign-up flow with a token (spec section 4). */
export const ONBOARDING_STATUSES = ["created", "approved", "user_created", "expired"] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];
export const onboardingStatus = pgEnum("onboarding_status", ONBOARDING_STATUSES);
