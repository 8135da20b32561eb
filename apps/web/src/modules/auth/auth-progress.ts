/** The auth screens, each a step of sign-in or sign-up. */
export type AuthStepId =
  | "email"
  | "signinPhoneVerify"
  | "signinSecurityCode"
  | "signupEmail"
  | "signupFullName"
  | "signupNin"
  | "signupSecurityCode"
  | "signupPhone"
  | "signupPhoneVerify";

export type AuthProgress = { current: number; total: number };

/** Sign-in: the e-mail, then proving it is you (the SMS code, then the passcode, share the second dot). */
const SIGN_IN: Partial<Record<AuthStepId, number>> = { email: 1, signinPhoneVerify: 2, signinSecurityCode: 2 };

/**
 * Sign-up: the e-mail (entered, then confirmed by the link), full name, kennitala, passcode, phone (the number,
 * then its code, share the last dot).
 */
const SIGN_UP: Partial<Record<AuthStepId, number>> = {
  signupEmail: 1,
  signupFullName: 2,
  signupNin: 3,
  signupSecurityCode: 4,
  signupPhone: 5,
  signupPhoneVerify: 5,
};

export const SIGN_IN_STEPS = 2;
export const SIGN_UP_STEPS = 5;

/**
 * Spec 2: progress dots, 2 for sign-in and 5 for sign-up. An onboarding stamped with 4 steps (an invitation:
 * its link came by e-mail, so the address is verified already) drops the first step, the e-mail.
 */
export const authProgress = (step: AuthStepId, stampedSteps?: number): AuthProgress => {
  const signIn = SIGN_IN[step];
  if (signIn !== undefined) return { current: signIn, total: SIGN_IN_STEPS };
  const signUp = SIGN_UP[step] ?? 1;
  if (stampedSteps === SIGN_UP_STEPS - 1) return { current: Math.max(1, signUp - 1), total: SIGN_UP_STEPS - 1 };
  return { current: signUp, total: SIGN_UP_STEPS };
};
