import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { queryClient } from "../../../app/query-client.ts";
import { afterSignInPath } from "../../../app/router/redirect-path.ts";
import { storeAuth } from "../../../app/session/auth-token.ts";
import { RequirePendingSignIn } from "../components/RequirePendingSignIn.tsx";
import { StartOverLink } from "../components/StartOverLink.tsx";
import { clearPendingSignIn } from "../pending-sign-in.ts";
import { submitPasscode } from "../sign-in.api.ts";
import { CodeStepPage } from "./CodeStepPage.tsx";

/** `/auth/signin/securitycode`: the 4-digit passcode approves the token; then on to where the visitor was headed. */
export function SigninSecurityCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <RequirePendingSignIn>
      {(pending) => (
        <CodeStepPage
          step="signinSecurityCode"
          kind="passcode"
          title={t("auth.signin.securityCode.title")}
          intro={t("auth.signin.securityCode.intro")}
          label={t("auth.signin.securityCode.label")}
          submit={async (pin) => {
            const approved = await submitPasscode(pending.token_id, pin);
            queryClient.clear();
            storeAuth({ token: approved.token, expires_at: approved.expires_at, status: approved.status });
            // The signed-in pages load lazily: the pending sign-in is forgotten only once the next page shows,
            // or this page would see it gone while the chunk loads and start over.
            await navigate(afterSignInPath(params.get("redirectTo")), { replace: true });
            clearPendingSignIn();
          }}
          footer={<StartOverLink />}
        />
      )}
    </RequirePendingSignIn>
  );
}
