import { formatKennitala } from "@kort/core";
import type { Executor } from "../../platform/db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { findInviteView } from "../invites/invites.service.ts";
import { type AttributeRow, findAttributes, findOnboarding, type OnboardingRow } from "./onboarding.repo.ts";
import type { OnboardingView } from "./onboarding.schemas.ts";

/** The attributes by kind. */
export const attributeMap = (rows: AttributeRow[]) => new Map(rows.map((row) => [row.kind, row]));

export const isOpen = (onboarding: OnboardingRow, now: Date): boolean =>
  onboarding.status === "created" && onboarding.expiresAt > now;

export const onboardingNotFound = () => new AppError("NOT_FOUND", "The sign-up was not found.");

/** A finished or expired sign-up cannot go on: the person starts again. */
export const restartSignUp = () => new AppError("RESTART_REQUIRED", "Please start signing up again.");

const stepsOf = (onboarding: OnboardingRow): 4 | 5 => (onboarding.steps === 4 ? 4 : 5);

/**
 * GET /v1/onboarding/{id} and the answer of every sign-up step: what is set, never the passcode. Once the
 * sign-up is finished or expired the id opens nothing, so the personal attributes are no longer shown.
 */
export const onboardingView = async (db: Executor, onboarding: OnboardingRow, now: Date): Promise<OnboardingView> => {
  const rows = isOpen(onboarding, now) ? await findAttributes(db, onboarding.id) : [];
  const attributes = attributeMap(rows);
  const value = (kind: AttributeRow["kind"]) => attributes.get(kind)?.value;
  const invite = onboarding.inviteId ? await findInviteView(db, onboarding.inviteId, now) : null;
  const nationalId = value("national_id");
  return {
    id: onboarding.id,
    status: onboarding.status === "created" && onboarding.expiresAt <= now ? "expired" : onboarding.status,
    email: onboarding.email,
    steps: stepsOf(onboarding),
    ...(onboarding.companyName && onboarding.companyKennitala
      ? { company: { name: onboarding.companyName, kennitala: formatKennitala(onboarding.companyKennitala) } }
      : {}),
    ...(invite ? { invite } : {}),
    email_verified: Boolean(attributes.get("email")?.verifiedAt) || onboarding.status !== "created",
    phone_verified: Boolean(attributes.get("phone")?.verifiedAt),
    terms_accepted: Boolean(onboarding.termsAcceptedAt && onboarding.privacyAcceptedAt),
    attributes: {
      full_name: value("full_name"),
      preferred_name: value("preferred_name"),
      national_id: nationalId === undefined ? undefined : formatKennitala(nationalId),
      phone: value("phone"),
      app_pin: attributes.has("app_pin"),
    },
  };
};

export const getOnboarding = async (db: Executor, id: string, now: Date): Promise<OnboardingView> => {
  const onboarding = await findOnboarding(db, id);
  if (!onboarding) throw onboardingNotFound();
  return onboardingView(db, onboarding, now);
};
