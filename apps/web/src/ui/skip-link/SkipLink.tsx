import type { ReactNode } from "react";
import classes from "./skip-link.module.css";

/**
 * WCAG 2.4.1 (bypass blocks): the first thing the keyboard reaches on a page, shown only when focused. It moves the
 * focus to `target`, past the menu and the header a keyboard would otherwise cross on every page (a dozen stops
 * on the dashboard). The focus is moved by hand, not by the address's #fragment, which the router would keep.
 */
export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      className={classes.link}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      data-testid="skip-to-content"
    >
      {children}
    </a>
  );
}

/** What the skip link's target needs: focusable by script only, with no ring drawn round the whole page. */
export const SKIP_TARGET_PROPS = { tabIndex: -1, className: classes.target } as const;
