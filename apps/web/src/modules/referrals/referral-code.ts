import { rest } from "../../app/api/client.ts";
import { readStored, STORAGE_KEYS, writeStored } from "../../app/storage.ts";

/**
 * The referral code of a sign-up link (`/onboarding/create?referral=…`, issue 16). Sign-up continues in the tab
 * the e-mail link opens, so the code is kept in local storage, not the URL, until the company exists.
 */
const CODE = /^[A-Za-z0-9_-]{16,64}$/;

export const keepReferralCode = (search: string): void => {
  const code = new URLSearchParams(search).get("referral");
  if (code && CODE.test(code)) writeStored(STORAGE_KEYS.referral, code);
};

/**
 * Redeems a kept code for the company that just signed up, then forgets it either way: a refused code (used,
 * expired) must not hold up the new owner, who is signed in already.
 */
export const redeemKeptReferral = async (): Promise<boolean> => {
  const code = readStored(STORAGE_KEYS.referral);
  if (!code) return false;
  writeStored(STORAGE_KEYS.referral, null);
  try {
    // The new company is the selected project by now (finish-sign-up.ts), so it is the one that redeems.
    await rest("POST", `/referrals/redeem/${encodeURIComponent(code)}`);
    return true;
  } catch {
    return false;
  }
};
