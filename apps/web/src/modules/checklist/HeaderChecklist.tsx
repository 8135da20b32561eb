import { useSelectedProjectId } from "../../app/session/project-store.ts";
import { useCurrentRole } from "../../app/session/useCurrentRole.ts";
import { useMe } from "../../app/session/useMe.ts";
import { OnboardingChecklist } from "./OnboardingChecklist.tsx";

/** The checklist in the header, once the user and their role in the selected project are known. */
export function HeaderChecklist() {
  const me = useMe();
  const role = useCurrentRole(useSelectedProjectId());
  if (!me.data || !role.data) return null;
  // Keyed by the role: switching to a project where the role differs starts the rules afresh.
  return <OnboardingChecklist key={role.data} role={role.data} createdAt={me.data.created_at} />;
}
