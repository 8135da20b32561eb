import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { readStored, STORAGE_KEYS, writeStored } from "../../storage.ts";
import {
  isMenuCollapsed,
  isNarrowWindow,
  MENU_COLLAPSE_BELOW_PX,
  type MenuState,
  parseMenuPreference,
  resizeMenu,
  toggleMenu,
} from "./menu-collapse.ts";

const NARROW_QUERY = `(max-width: ${MENU_COLLAPSE_BELOW_PX - 0.02}px)`;

/** The menu's collapsed state: automatic under 1280 px, the toggle's choice kept in `kort.menu`. */
export const useMenuState = (): { collapsed: boolean; toggle: () => void } => {
  const narrow = useMediaQuery(NARROW_QUERY, isNarrowWindow(window.innerWidth), { getInitialValueInEffect: false });
  const [stored, setStored] = useState<MenuState>(() => ({
    preference: parseMenuPreference(readStored(STORAGE_KEYS.menu)),
    narrow,
    narrowOverride: null,
  }));
  const state = resizeMenu(stored, narrow);

  const toggle = () => {
    const next = toggleMenu(state);
    if (next.preference !== state.preference) writeStored(STORAGE_KEYS.menu, next.preference);
    setStored(next);
  };

  return { collapsed: isMenuCollapsed(state), toggle };
};
