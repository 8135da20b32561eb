import { useEffect } from "react";

/**
 * Sign-in's code and passcode steps, loaded just after the e-mail page shows instead of with it: the code field and
 * its steps are not needed until the e-mail is sent, and the first load is held to its budget (issue 10). The router's
 * lazy routes and the prefetch share one download.
 */
type Steps = {
  phoneVerify: typeof import("./pages/SigninPhoneVerifyPage.tsx");
  securityCode: typeof import("./pages/SigninSecurityCodePage.tsx");
};

let loading: Promise<Steps> | undefined;

export const loadSignInSteps = (): Promise<Steps> => {
  loading ??= Promise.all([
    import("./pages/SigninPhoneVerifyPage.tsx"),
    import("./pages/SigninSecurityCodePage.tsx"),
  ]).then(([phoneVerify, securityCode]) => ({ phoneVerify, securityCode }));
  return loading;
};

/** Starts the download when the e-mail page mounts, so the next step shows at once. */
export const usePrefetchSignInSteps = (): void => {
  useEffect(() => {
    void loadSignInSteps();
  }, []);
};
