import type { Page } from "playwright-core";
import { expect } from "vitest";
import { expectDots, submitCode, typeCode } from "./auth-ui.ts";
import { codeIn, outboxMark, waitForMessage } from "./outbox.ts";

export type NewPerson = { fullName: string; nin: string; passcode: string; phone: string };

/**
 * The sign-up steps after the e-mail: full name with consent, kennitala, passcode twice, phone, the SMS code.
 * `steps` is the onboarding's stamped count: 5, or 4 for an invitation (the e-mail step dropped). Ends on
 * /complete.
 */
export const finishSignUpScreens = async (page: Page, person: NewPerson, steps: 4 | 5): Promise<void> => {
  const dot = (step: number) => step - (5 - steps);
  await page.getByTestId("auth-step-signupFullName").waitFor();
  await expectDots(page, dot(2), steps);
  await page.getByTestId("signup-full-name").fill(person.fullName);
  await page.getByTestId("signup-terms").check();
  await page.getByTestId("signup-privacy").check();
  await page.getByTestId("auth-submit").click();

  await page.getByTestId("auth-step-signupNin").waitFor();
  await expectDots(page, dot(3), steps);
  // Typed as ten digits, shown as written (person.nin has the dash).
  await page.getByTestId("signup-nin").fill(person.nin.replace("-", ""));
  expect(await page.getByTestId("signup-nin").inputValue()).toBe(person.nin);
  await page.getByTestId("auth-submit").click();

  await page.getByTestId("auth-step-signupSecurityCode").waitFor();
  await expectDots(page, dot(4), steps);
  await typeCode(page, "signup-passcode", person.passcode);
  await typeCode(page, "signup-passcode-repeat", person.passcode);
  await page.getByTestId("auth-submit").click();

  await page.getByTestId("auth-step-signupPhone").waitFor();
  await expectDots(page, dot(5), steps);
  const national = person.phone.slice(-7);
  await page.getByTestId("signup-phone").fill(national);
  expect(await page.getByTestId("signup-phone").inputValue()).toBe(`${national.slice(0, 3)} ${national.slice(3)}`);
  const seen = await outboxMark(person.phone);
  await page.getByTestId("auth-submit").click();

  await page.getByTestId("auth-step-signupPhoneVerify").waitFor();
  await expectDots(page, dot(5), steps);
  expect(decodeURIComponent(new URL(page.url()).pathname)).toMatch(new RegExp(`/\\${person.phone}$`));
  await submitCode(page, codeIn(await waitForMessage(person.phone, seen)));
  await page.waitForURL((url) => url.pathname === "/complete");
};
