import { Drawer, type DrawerProps } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SIDE_PANEL_ANIMATION_MS, SIDE_PANEL_WIDTHS, type SidePanelSize } from "./side-panel-size.ts";

export type SidePanelProps = Omit<DrawerProps, "size" | "position"> & { size?: SidePanelSize };

/** A panel that slides in from the right at one of the spec's widths and closes when the path changes. */
export function SidePanel({ size = "medium", opened, onClose, children, ...props }: SidePanelProps) {
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (opened && shownAt.current !== pathname) closeRef.current();
    shownAt.current = pathname;
  }, [opened, pathname]);

  return (
    <Drawer
      {...props}
      opened={opened}
      onClose={onClose}
      position="right"
      size={SIDE_PANEL_WIDTHS[size]}
      transitionProps={{ duration: SIDE_PANEL_ANIMATION_MS, ...props.transitionProps }}
    >
      {children}
    </Drawer>
  );
}
