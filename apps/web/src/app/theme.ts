import { Badge, createTheme, type MantineColorsTuple } from "@mantine/core";

const kort: MantineColorsTuple = [
  "#e8f3ff",
  "#d2e3fb",
  "#a3c4f2",
  "#71a4ea",
  "#4888e3",
  "#2f77df",
  "#1f6ede",
  "#105dc6",
  "#0052b2",
  "#00469e",
];

export const theme = createTheme({
  primaryColor: "kort",
  colors: { kort },
  defaultRadius: "md",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
  components: {
    // A badge is a short status word: it is never cut to "V..." when its table column is narrow (issue 10); the
    // columns of free text give up width instead.
    Badge: Badge.extend({ styles: { root: { minWidth: "max-content" } } }),
  },
});
