import { inject } from "vitest";
import { codeIn, linkIn, outboxMark, waitForMessage } from "./outbox.ts";
import { randomKennitala, uniqueEmail, uniquePhone } from "./people.ts";

/** A company sign-up's last answer: the owner's session and the new company. */
export type SignedUpCompany = {
  projectId: string;
  title: string;
  kennitala: string;
  email: string;
  token: string;
  expiresAt: string;
};

const post = async <T>(path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${inject("baseUrl")}${path}`, {
    method: "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

/** A company sign-up's first steps over REST: the onboarding made and its e-mail confirmed; the full name is next. */
export const startSignUpOverApi = async (title: string): Promise<{ id: string; email: string; kennitala: string }> => {
  const email = uniqueEmail();
  const kennitala = randomKennitala("company").replace("-", "");
  const { id } = await post<{ id: string }>("/v1/onboarding", { email, company: { name: title, kennitala } });
  const link = new URL(linkIn(await waitForMessage(email)));
  const emailVerification = link.searchParams.get("verification_id") ?? "";
  await post(`/v1/verifications/${emailVerification}/data`, { code: link.searchParams.get("code") });
  await post(`/v1/onboarding/${id}/verifications`, { verification_id: emailVerification });
  return { id, email, kennitala };
};

/**
 * Signs a new company up over the REST calls the sign-up screens make (docs/auth.md), codes and links read from the
 * demo outbox, as a stranger would: flows that are not about the sign-up screens start from here.
 */
export const signUpCompanyOverApi = async (title: string): Promise<SignedUpCompany> => {
  const { id, email, kennitala } = await startSignUpOverApi(title);
  const phone = uniquePhone();

  const attributes = (body: Record<string, unknown>) =>
    post<{ verification_id?: string }>(`/v1/onboarding/${id}/attributes`, body);
  await attributes({
    attributes: [{ kind: "full_name", value: "Bjarki Nýskráður" }],
    terms_accepted: true,
    privacy_accepted: true,
  });
  await attributes({ attributes: [{ kind: "national_id", value: randomKennitala("person") }] });
  await attributes({ attributes: [{ kind: "app_pin", value: "1234" }] });
  const seen = await outboxMark(phone);
  const { verification_id: phoneVerification } = await attributes({ attributes: [{ kind: "phone", value: phone }] });
  const code = codeIn(await waitForMessage(phone, seen));
  await post(`/v1/verifications/${phoneVerification}/data`, { code });
  await post(`/v1/onboarding/${id}/verifications`, { verification_id: phoneVerification });

  const done = await post<{ token: string; expires_at: string; project_id: string }>(`/v1/onboarding/${id}/complete`);
  return { projectId: done.project_id, title, kennitala, email, token: done.token, expiresAt: done.expires_at };
};
