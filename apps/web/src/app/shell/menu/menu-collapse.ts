/** Spec 2 and 9: the menu is 304 px wide, 84 px in icon mode, and collapses under a 1280 px window. */
export const MENU_WIDTH = { expanded: 304, collapsed: 84 } as const;
export const MENU_COLLAPSE_BELOW_PX = 1280;

/** The choice the user made with the toggle on a wide window; persisted in `kort.menu`. */
export type MenuPreference = "expanded" | "collapsed";

export const parseMenuPreference = (raw: string | null): MenuPreference =>
  raw === "collapsed" ? "collapsed" : "expanded";

export type MenuState = {
  preference: MenuPreference;
  /** The window is under the collapse width. */
  narrow: boolean;
  /** A toggle made while narrow: lasts until the window crosses the collapse width again, never persisted. */
  narrowOverride: boolean | null;
};

export const isNarrowWindow = (width: number): boolean => width < MENU_COLLAPSE_BELOW_PX;

export const isMenuCollapsed = (state: MenuState): boolean =>
  state.narrow ? (state.narrowOverride ?? true) : state.preference === "collapsed";

/** What the toggle does: on a wide window it changes the saved preference; on a narrow one only for now. */
export const toggleMenu = (state: MenuState): MenuState => {
  const collapsed = isMenuCollapsed(state);
  if (state.narrow) return { ...state, narrowOverride: !collapsed };
  return { ...state, preference: collapsed ? "expanded" : "collapsed" };
};

/** Crossing the collapse width drops a temporary toggle, so the automatic rule applies again. */
export const resizeMenu = (state: MenuState, narrow: boolean): MenuState =>
  narrow === state.narrow ? state : { ...state, narrow, narrowOverride: null };
