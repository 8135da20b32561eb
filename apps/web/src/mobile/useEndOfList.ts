import { useEffect, useRef } from "react";

/** Calls `more` when the returned element scrolls into view: the infinite lists' end marker. */
export const useEndOfList = (more: () => unknown, enabled: boolean) => {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || !enabled) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [more, enabled]);
  return end;
};
