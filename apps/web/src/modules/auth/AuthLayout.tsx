import { Navigate, useSearchParams } from "react-router";
import { PublicLayout } from "../../app/layouts/PublicLayout.tsx";
import { afterSignInPath } from "../../app/router/redirect-path.ts";
import { FullPageLoading } from "../../app/states/FullPageLoading.tsx";
import { DemoOutboxLink } from "../dev-outbox/DemoOutboxLink.tsx";
import { useRenewOnArrival } from "./useRenewOnArrival.ts";

/** `/auth`: a visitor who still holds a usable (or renewable) session goes straight on to where they were headed. */
export function AuthLayout() {
  const [params] = useSearchParams();
  const arrival = useRenewOnArrival();
  if (arrival === "renewing") return <FullPageLoading />;
  if (arrival === "signedIn") return <Navigate to={afterSignInPath(params.get("redirectTo"))} replace />;
  return <PublicLayout footer={<DemoOutboxLink />} />;
}
