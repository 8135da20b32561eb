import { createTheme, type MantineColorsTuple } from "@mantine/core";

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

/**
 * A read-only field does not look like one to type in (issue 10): a flat grey box with no border, none when
 * focused either, and the ordinary pointer. Set for the text fields (AmountInput is one), not on Input itself:
 * a Select that cannot be searched is read-only too, and is still a field to choose in.
 */
const READ_ONLY_INPUT = {
  "--input-bg": "var(--mantine-color-gray-1)",
  "--input-bd": "transparent",
  "--input-bd-focus": "transparent",
  "--input-cursor": "default",
};

// `readOnly` reaches the styles as an attribute of the element, not as one of the component's typed props.
const readOnlyLook = {
  vars: (_theme: unknown, props: object) => ({
    wrapper: "readOnly" in props && props.readOnly === true ? READ_ONLY_INPUT : {},
  }),
};

/**
 * A modal's and a side panel's header is a `<header>`, which assistive technology reads as a second banner of the
 * page beside the dashboard's own; it is the dialog's title row, so it is given no landmark role. Their close
 * button is an icon: it gets its name in the page's language.
 */
const dialogDefaults = (close: string) => ({
  defaultProps: { attributes: { header: { role: "none" } }, closeButtonProps: { "aria-label": close } },
});

/** The dashboard's theme, with the words it puts on Mantine's own controls. */
export const themeIn = ({ close }: { close: string }) =>
  createTheme({
    primaryColor: "kort",
    colors: { kort },
    defaultRadius: "md",
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    headings: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
    components: {
      TextInput: readOnlyLook,
      Textarea: readOnlyLook,
      NumberInput: readOnlyLook,
      Modal: dialogDefaults(close),
      Drawer: dialogDefaults(close),
    },
  });
