import { useEffect, useState } from "react";
import { clearAuth, isSessionRenewable, readAuth, readUsableAuth } from "../../app/session/auth-token.ts";
import { renewSession } from "../../app/session/session-renewal.ts";

export type Arrival = "signedIn" | "renewing" | "signedOut";

const initial = (): Arrival => {
  if (readUsableAuth()) return "signedIn";
  return isSessionRenewable(readAuth(), new Date()) ? "renewing" : "signedOut";
};

/**
 * Spec 2, `/auth`: a visitor whose session can still be renewed is sent on to the signed-in area. A usable
 * token goes on at once; an expired but renewable one is renewed first; a refused renewal is forgotten.
 */
export const useRenewOnArrival = (): Arrival => {
  const [arrival, setArrival] = useState<Arrival>(initial);
  useEffect(() => {
    if (arrival !== "renewing") return;
    let active = true;
    renewSession().then(
      () => active && setArrival("signedIn"),
      () => {
        clearAuth();
        if (active) setArrival("signedOut");
      },
    );
    return () => {
      active = false;
    };
  }, [arrival]);
  return arrival;
};
