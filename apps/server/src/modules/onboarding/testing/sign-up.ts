import { expect } from "vitest";
import type { Db } from "../../../platform/db/client.ts";
import { codeIn, latestMessage, type Send } from "../../auth/testing/auth-fixtures.ts";
import { randomKennitala } from "./kennitala.ts";

/** The query of the first link in a message body. */
export const linkIn = (body: string): URL => {
  const match = /https?:\/\/\S+/.exec(body);
  if (!match) throw new Error(`No link in: ${body}`);
  return new URL(match[0]);
};

const post = async (send: Send, url: string, payload: unknown, status = 200) => {
  const response = await send({ method: "POST", url, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response;
};

/** Follows the e-mail link of a sign-up as /emailConfirm does: check the code, then attach the verification. */
export const confirmEmail = async (send: Send, db: Db, email: string) => {
  const link = linkIn((await latestMessage(db, email)).body);
  const onboardingId = link.searchParams.get("onboarding_id") ?? "";
  const verificationId = link.searchParams.get("verification_id") ?? "";
  await post(send, `/v1/verifications/${verificationId}/data`, { code: link.searchParams.get("code") });
  await post(send, `/v1/onboarding/${onboardingId}/verifications`, { verification_id: verificationId });
  return { link, onboardingId };
};

export const setAttributes = (send: Send, id: string, payload: Record<string, unknown>) =>
  send({ method: "POST", url: `/v1/onboarding/${id}/attributes`, payload });

/** Sets the phone, reads the SMS code from the outbox, checks it and attaches it to the sign-up. */
export const verifyPhone = async (send: Send, db: Db, id: string, phone: string) => {
  const set = await post(send, `/v1/onboarding/${id}/attributes`, { attributes: [{ kind: "phone", value: phone }] });
  const verificationId = set.json<{ verification_id: string }>().verification_id;
  const stored = set.json<{ attributes: { phone: string } }>().attributes.phone;
  const code = codeIn((await latestMessage(db, stored)).body);
  await post(send, `/v1/verifications/${verificationId}/data`, { code });
  await post(send, `/v1/onboarding/${id}/verifications`, { verification_id: verificationId });
  return { phone: stored };
};

/** The steps after the e-mail: name with consent, kennitala, passcode, phone. */
export const fillIn = async (send: Send, db: Db, id: string, phone: string, pin = "1234") => {
  await post(send, `/v1/onboarding/${id}/attributes`, {
    attributes: [{ kind: "full_name", value: "Helga Nýliðadóttir" }],
    terms_accepted: true,
    privacy_accepted: true,
  });
  await post(send, `/v1/onboarding/${id}/attributes`, {
    attributes: [{ kind: "national_id", value: randomKennitala("person") }],
  });
  await post(send, `/v1/onboarding/${id}/attributes`, { attributes: [{ kind: "app_pin", value: pin }] });
  return verifyPhone(send, db, id, phone);
};

export type Completed = { status: string; token: string; expires_at: string; project_id: string };

export const complete = async (send: Send, id: string) =>
  (await post(send, `/v1/onboarding/${id}/complete`, undefined)).json<Completed>();

/**
 * A company sign-up through the API up to the last step: started, e-mail confirmed, name, kennitala, passcode and
 * phone set. Completing it (`complete`) is the caller's, so tests can race completions.
 */
export const readyCompanySignUp = async (
  send: Send,
  db: Db,
  company: { name: string; kennitala: string },
  person: { email: string; phone: string },
): Promise<string> => {
  await post(send, "/v1/onboarding", { email: person.email, company }, 201);
  const { onboardingId } = await confirmEmail(send, db, person.email);
  await fillIn(send, db, onboardingId, person.phone);
  return onboardingId;
};
