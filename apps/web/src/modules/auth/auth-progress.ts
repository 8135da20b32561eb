/** The auth screens, each a step of sign-in or sign-up. */
export type AuthStepId =
  | "email"
  | "signinPhoneVerify"
  | "signinSecurityCode"
  | "signupFullName"
  | "signupNin"
  | "signupSecurityCode"
  | "signupPhone"
  | "signupPhoneVerify";

export type AuthProgress = { current: number; total: number };

/** Sign-in: the e-mail, then proving it is you (the SMS code on a new device, the passcode). */
const SIGN_IN: Partial<Record<AuthStepId, number>> = { email: 1, signinPhoneVerify: 2, signinSecurityCode: 2 };

/** Sign-up, once the e-mail is confirmed: name, kennitala, passcode, phone (with its code). */
const SIGN_UP: Partial<Record<AuthStepId, number>> = {
  signupFullName: 1,
  signupNin: 2,
  signupSecurityCode: 3,
  signupPhone: 4,
  signupPhoneVerify: 5,
};

export const SIGN_IN_STEPS = 2;
export const SIGN_UP_STEPS = 5;

/**
 * Spec 2: progress dots, 2 for sign-in and 5 for sign-up; when the onboarding stamps 4 steps the first one
 * (the full name, already known) is dropped.
 */
export const authProgress = (step: AuthStepId, stampedSteps?: number): AuthProgress => {
  const signIn = SIGN_IN[step];
  if (signIn !== undefined) return { current: signIn, total: SIGN_IN_STEPS };
  const signUp = SIGN_UP[step] ?? 1;
  if (stampedSteps === SIGN_UP_STEPS - 1) return { current: Math.max(1, signUp - 1), total: SIGN_UP_STEPS - 1 };
  return { current: signUp, total: SIGN_UP_STEPS };
};
