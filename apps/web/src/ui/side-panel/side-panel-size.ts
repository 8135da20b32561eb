/** Spec 2 and 9: side panel widths in pixels. */
export const SIDE_PANEL_WIDTHS = { medium: 460, large: 552, xlarge: 612, xxlarge: 720 } as const;

export type SidePanelSize = keyof typeof SIDE_PANEL_WIDTHS;

/** Spec 9: the closing animation. */
export const SIDE_PANEL_ANIMATION_MS = 300;
