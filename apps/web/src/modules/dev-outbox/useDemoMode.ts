import { useVersion } from "../version/useVersion.ts";

/** Demo mode is anything but production (GET /v1/version); `unknown` while the server has not said. */
export const useDemoMode = (): "demo" | "production" | "unknown" => {
  const version = useVersion();
  if (!version.isSuccess) return "unknown";
  return version.data.environment === "production" ? "production" : "demo";
};
