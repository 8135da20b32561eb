import { prefetched, usePrefetch } from "../../app/router/prefetched.ts";

/**
 * Sign-in's code and passcode steps, loaded just after the e-mail page shows instead of with it: the code field and
 * its steps are not needed until the e-mail is sent, and the first load is held to its budget (issue 10). The router's
 * lazy routes and the prefetch share one download.
 */
const steps = prefetched(async () => {
  const [phoneVerify, securityCode] = await Promise.all([
    import("./pages/SigninPhoneVerifyPage.tsx"),
    import("./pages/SigninSecurityCodePage.tsx"),
  ]);
  return { phoneVerify, securityCode };
});

export const loadSignInSteps = steps.load;

/** Starts the download when the e-mail page mounts, so the next step shows at once. */
export const usePrefetchSignInSteps = (): void => usePrefetch(steps);
