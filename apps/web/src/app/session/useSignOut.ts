import { useState } from "react";
import { useNavigate } from "react-router";
import { PATHS } from "../router/paths.ts";
import { signOut } from "./sign-out.ts";

/** Sign out (spec 2: the browser then goes to `/`), with a flag for the button while the server is told. */
export const useSignOut = (): { signOut: () => void; signingOut: boolean } => {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  return {
    signingOut,
    signOut: () => {
      setSigningOut(true);
      void signOut().then(() => navigate(PATHS.root, { replace: true }));
    },
  };
};
