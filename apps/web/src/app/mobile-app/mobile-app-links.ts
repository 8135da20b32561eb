/** Where the employee app lives: the same server's `/app` (the installable mobile web app). */
export const mobileAppUrl = (origin: string): string => `${origin}/app`;

/** The store listings of the Kort app (the ids are ours to confirm when the listings go live; see docs/decisions.md). */
export const APP_STORE_URL = "https://apps.apple.com/is/app/kort/id6450000000";
export const PLAY_STORE_URL = "https://play.google.com/store/apps/details?id=is.kort.app";
