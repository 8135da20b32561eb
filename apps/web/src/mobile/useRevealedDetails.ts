import { useCallback, useEffect, useRef, useState } from "react";
import { REVEAL_VISIBLE_MS } from "./app-paths.ts";
import type { CardDetails } from "./mobile.api.ts";

/**
 * Revealed card details live only in this component's state: never in the query cache, storage or the service
 * worker. They are dropped after 30 s and as soon as the app goes to the background (the page turns hidden), so a
 * phone put down or switched away does not keep showing the number.
 */
export const useRevealedDetails = () => {
  const [details, setDetails] = useState<CardDetails | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hide = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setDetails(null);
  }, []);
  const show = useCallback(
    (revealed: CardDetails) => {
      hide();
      setDetails(revealed);
      timer.current = setTimeout(hide, REVEAL_VISIBLE_MS);
    },
    [hide],
  );
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === "hidden") hide();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      hide();
    };
  }, [hide]);
  return { details, show, hide };
};
