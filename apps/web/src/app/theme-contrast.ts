import type { CSSVariablesResolver, MantineColorsTuple } from "@mantine/core";

/**
 * Text that people can read (WCAG 2.2 AA, 1.4.3): at least 4.5:1 against its background for the sizes the dashboard
 * uses. Mantine's light scheme falls short for grey "dimmed" text (#868e96 is 3.3:1 on white and 3.2:1 on the menu's
 * grey) and placeholders (2.1:1), coloured text (`c="red"` is shade 6: red 3.3:1, green 2.4:1), white on a light fill
 * (white on red 3.3:1) and the light variant of badges and buttons (shade 9 on shade 1: orange 3.6:1, teal 4.3:1).
 * Each is moved to the first darker colour that reaches the ratio, computed from the palette, so a colour added later
 * is covered too.
 */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = "#ffffff";

const channels = (hex: string): [number, number, number] => {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? [...value].map((c) => c + c).join("") : value;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
};

/** WCAG's relative luminance of an sRGB colour. */
const luminance = (hex: string): number => {
  const [r, g, b] = channels(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG's contrast ratio of two colours, from 1 to 21. */
export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const toHex = (rgb: readonly number[]): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

const mixWithBlack = (colour: string, percent: number): string =>
  toHex(channels(colour).map((c) => (c * (100 - percent)) / 100));

/** `colour` mixed with black in steps of 5% until it reads on every background; black itself at worst. */
export const readableOn = (colour: string, backgrounds: readonly string[]): string => {
  for (let black = 0; black <= 100; black += 5) {
    const candidate = mixWithBlack(colour, black);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST)) return candidate;
  }
  return "#000000";
};

/**
 * The light scheme's text colours that reach the ratio: dimmed text on white and on the lightest greys (the menu,
 * read-only fields), each colour's text on white and its lightest tint, the outline variant's on white, the light
 * variant's label on its tint and its hover tint, and the fill under the filled variant's white label.
 */
export const readableTextVariables = (
  colors: Record<string, MantineColorsTuple | readonly string[]>,
  primaryShade: number,
): Record<string, string> => {
  const grey = colors.gray ?? [];
  const surfaces = [WHITE, grey[0] ?? WHITE, grey[1] ?? WHITE];
  const variables: Record<string, string> = {
    "--mantine-color-dimmed": readableOn(grey[6] ?? "#868e96", surfaces),
    // A field's placeholder is text too, on a field's white or a read-only field's grey.
    "--mantine-color-placeholder": readableOn(grey[5] ?? "#adb5bd", surfaces),
  };
  for (const [name, shades] of Object.entries(colors)) {
    const text = shades[primaryShade];
    const tint = shades[1];
    if (!text || !tint) continue;
    variables[`--mantine-color-${name}-text`] = readableOn(text, [WHITE, shades[0] ?? WHITE]);
    // On white: the outline variant's label (its border's colour), and the fill under the filled variant's white
    // label (a red "3 unread", a red confirm button), a step darker when hovered.
    const filled = readableOn(text, [WHITE]);
    variables[`--mantine-color-${name}-outline`] = filled;
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = mixWithBlack(filled, 10);
    variables[`--mantine-color-${name}-light-color`] = readableOn(shades[9] ?? text, [tint, shades[2] ?? tint]);
  }
  return variables;
};

/**
 * The colour of a menu item that destroys (remove, archive): Mantine writes a theme colour's shade 6 on menu items
 * whatever the variables say, so these name the readable text colour itself.
 */
export const DANGER_MENU_ITEM_COLOR = "var(--mantine-color-red-text)";

/** Mantine's hook for the variables above, in the light scheme only (the dashboard has no dark one). */
export const readableTextResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: readableTextVariables(
    theme.colors,
    typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade.light,
  ),
  dark: {},
});
