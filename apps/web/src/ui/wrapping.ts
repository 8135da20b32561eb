/**
 * Controls whose words wrap onto a second line when their place is narrower than they are (a 320 px screen, or a
 * 1280 px one zoomed to 400%: WCAG 1.4.10), rather than running past the edge of the page. On one line otherwise:
 * the theme keeps badges and buttons whole beside other content (theme.ts), and these give way only to the edge.
 */

/** A button grows taller instead of wider; a button centres its content by itself. Set `mih`, never `h`, with it. */
export const WRAPPING_BUTTON = {
  root: { maxWidth: "100%", height: "auto", minHeight: "var(--button-height)", paddingBlock: 4 },
  inner: { height: "auto" },
  label: { whiteSpace: "normal", height: "auto", textAlign: "center" },
} as const;

/** A badge that holds a sentence (a count), not a status word. */
export const WRAPPING_BADGE = {
  root: { height: "auto", minHeight: "var(--badge-height)", minWidth: 0, maxWidth: "100%" },
  label: { whiteSpace: "normal" },
} as const;
