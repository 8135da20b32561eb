import { isUuid, storedLocale } from "@kort/core";
import { z } from "zod";
import { writeAudit } from "../../platform/audit/audit.ts";
import { AppError } from "../../platform/errors.ts";
import type { UserContext } from "../../platform/http/context.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { linkTo, publicBaseUrl } from "../../platform/outbox/links.ts";
import { type Outcome, refusal, success, unwrap } from "../../platform/outcome.ts";
import { sendSecurityNotice, signInAddressChangedNotice } from "../auth/messages.ts";
import { checkPasscode } from "../auth/passcode-check.service.ts";
import { sendAliasVerification } from "./email-addresses.messages.ts";
import {
  addressesOf,
  countAddresses,
  deleteAddress,
  type EmailAddressRecord,
  insertAddress,
  lockAddress,
  storedLocaleOf,
  swapSignInAddress,
  verifyAddress,
} from "./email-addresses.repo.ts";
import { emailInput, signInAddressInput, verifyInput } from "./email-addresses.schemas.ts";

/**
 * E-mail aliases of personal settings (spec 2 and 7, issue 16): more addresses of one person, so receipts e-mailed
 * from them find their sender. An alias is added unverified and a verification e-mail goes out through the outbox
 * in the same transaction; its link (signed, valid a day) opens the web page that verifies it. An address some user
 * already has, as sign-in e-mail or alias, is refused. Every call concerns the caller's own addresses.
 */

const MAX_ALIASES = 10;
const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const verifyPath = (id: string) => `/v1/email-addresses/${id}/verify`;

const emailShape = z.email().max(254);

export const emailAddressesFor = (deps: AppDeps, ctx: UserContext): Promise<EmailAddressRecord[]> =>
  addressesOf(deps.db, ctx.user.id);

export const addEmailAddress = async (deps: AppDeps, ctx: UserContext, input: unknown): Promise<EmailAddressRecord> => {
  const email = emailInput.parse(input).email.trim().toLowerCase();
  if (!emailShape.safeParse(email).success) {
    throw new AppError("EMAIL_ADDRESS_INVALID", "This is not a valid e-mail address.", { field: "email" });
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if ((await countAddresses(tx, ctx.user.id)) >= MAX_ALIASES) {
      throw new AppError("VALIDATION_FAILED", `At most ${MAX_ALIASES} e-mail addresses.`, {
        issues: [{ path: "email", code: "too_big", message: `At most ${MAX_ALIASES}.` }],
      });
    }
    const row = await insertAddress(tx, { userId: ctx.user.id, email, now });
    if (!row)
      throw new AppError("EMAIL_ADDRESS_TAKEN", "This e-mail address is already registered.", { field: "email" });
    const signed = deps.links.sign(verifyPath(row.id), new Date(now.getTime() + LINK_LIFETIME_MS));
    const [, query = ""] = signed.url.split("?");
    const params = Object.fromEntries(new URLSearchParams(query));
    const link = linkTo(publicBaseUrl(deps.config, ctx.origin), "/email-addresses/verify", { id: row.id, ...params });
    await sendAliasVerification(tx, storedLocale(await storedLocaleOf(tx, ctx.user.id)), {
      to: email,
      name: ctx.user.fullName,
      link,
    });
    await writeAudit(tx, {
      action: "email_address.add",
      objectType: "email_address",
      objectId: row.id,
      actorUserId: ctx.user.id,
      data: {},
      requestId: ctx.requestId,
      at: now,
    });
    return row;
  });
};

/** The verification link's page calls this: the signature is the authority (it went only to the address). */
export const verifyEmailAddress = async (deps: AppDeps, id: string, input: unknown) => {
  const query = verifyInput.parse(input);
  const now = deps.now();
  deps.links.verify(verifyPath(id), query, now);
  const row = isUuid(id) ? await verifyAddress(deps.db, id, now) : null;
  if (!row) throw new AppError("NOT_FOUND", "The e-mail address was not found.");
  return row;
};

export const removeEmailAddress = async (deps: AppDeps, ctx: UserContext, id: string): Promise<{ id: string }> => {
  const now = deps.now();
  const removed =
    isUuid(id) &&
    (await deps.db.transaction(async (tx) => {
      const gone = await deleteAddress(tx, ctx.user.id, id);
      if (gone) {
        await writeAudit(tx, {
          action: "email_address.remove",
          objectType: "email_address",
          objectId: id,
          actorUserId: ctx.user.id,
          data: {},
          requestId: ctx.requestId,
          at: now,
        });
      }
      return gone;
    }));
  if (!removed) throw new AppError("NOT_FOUND", "The e-mail address was not found.");
  return { id };
};

/**
 * POST /v1/email-addresses/{id}/sign-in (spec 6: the person's own `user change-email`): a verified alias becomes the
 * address the person signs in with and Kort's e-mails go to, and the old sign-in address stays as a verified alias,
 * so receipts sent from either still find them. Only a verified alias: the link proved the person reads it. The
 * passcode is asked again and checked as at sign-in (a wrong one counts towards the lock), and the old address is
 * told, since whoever made the change holds the new one.
 */
export const makeSignInAddress = async (
  deps: AppDeps,
  ctx: UserContext,
  id: string,
  input: unknown,
): Promise<{ email: string }> => {
  const { passcode } = signInAddressInput.parse(input);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome<{ email: string }>> => {
    const checked = await checkPasscode(tx, ctx.user.id, passcode, now, ctx.requestId);
    if (!checked.ok) return checked;
    const user = checked.value;
    const alias = isUuid(id) ? await lockAddress(tx, user.id, id) : null;
    if (!alias) return refusal(new AppError("NOT_FOUND", "The e-mail address was not found."));
    if (!alias.verified_at) {
      return refusal(
        new AppError("EMAIL_ADDRESS_UNVERIFIED", "Verify the address by its link before signing in with it."),
      );
    }
    await swapSignInAddress(tx, {
      userId: user.id,
      aliasId: alias.id,
      signInEmail: user.email,
      aliasEmail: alias.email,
      now,
    });
    await writeAudit(tx, {
      action: "email_address.make_sign_in",
      objectType: "email_address",
      objectId: alias.id,
      actorUserId: user.id,
      data: {},
      requestId: ctx.requestId,
      at: now,
    });
    const locale = storedLocale(user.locale);
    await sendSecurityNotice(
      tx,
      locale,
      { to: user.email, name: ctx.user.fullName, support: deps.config.support.email },
      signInAddressChangedNotice(locale, now, alias.email),
    );
    return success({ email: alias.email });
  });
  return unwrap(outcome);
};
