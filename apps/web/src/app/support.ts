/** The Icelandic support contact shown on error screens (spec 1 and 8). */
export const SUPPORT_EMAIL = "support@kort.is";
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
