import { describe, expect, it } from "vitest";
import { isProfileImageType, profileImageNameMismatch } from "./profile-image.ts";

describe("profile image rules", () => {
  it("takes JPEG, PNG and GIF only", () => {
    expect(["image/jpeg", "image/png", "image/gif"].every(isProfileImageType)).toBe(true);
    expect(isProfileImageType("image/webp")).toBe(false);
    expect(isProfileImageType("application/pdf")).toBe(false);
  });

  it("refuses a name that claims another type than the content", () => {
    expect(profileImageNameMismatch("mynd.gif", "image/png")).toBe(true);
    expect(profileImageNameMismatch("mynd.PDF", "image/jpeg")).toBe(true);
    expect(profileImageNameMismatch("mynd.JPEG", "image/jpeg")).toBe(false);
    expect(profileImageNameMismatch("mynd.gif", "image/gif")).toBe(false);
    // No ending, or one that names no image type, claims nothing.
    expect(profileImageNameMismatch("mynd", "image/png")).toBe(false);
    expect(profileImageNameMismatch("mynd.bin", "image/png")).toBe(false);
  });
});
