import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CODES, VALIDATION_MESSAGES } from "@kort/core";
import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_CODES } from "../app/api/api-error.ts";
import en from "./en.json";
import is from "./is.json";

type Catalogue = Readonly<Record<string, unknown>>;

/** Every leaf of a nested catalogue as `a.b.c` → value. */
const flatten = (catalogue: Catalogue, prefix = ""): Map<string, unknown> => {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      for (const [leaf, leafValue] of flatten(value as Catalogue, path)) leaves.set(leaf, leafValue);
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
};

const catalogues = { is: flatten(is), en: flatten(en) };
const src = fileURLToPath(new URL("..", import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Keys used as `t("literal")` (or `i18n.t`, `t('…')`) anywhere in the app's source. */
const usedKeys = (): Array<{ key: string; file: string }> =>
  sourceFiles(src).flatMap((file) =>
    Array.from(readFileSync(file, "utf8").matchAll(/\bt\(\s*["']([^"'\n]+)["']/g), (match) => ({
      key: match[1] ?? "",
      file: relative(src, file),
    })),
  );

/** i18next plural keys resolve `key` through `key_one`, `key_other`... */
const hasKey = (leaves: Map<string, unknown>, key: string): boolean =>
  leaves.has(key) || leaves.has(`${key}_one`) || leaves.has(`${key}_other`);

const placeholders = (text: unknown): string[] =>
  typeof text === "string" ? Array.from(text.matchAll(/\{\{\s*(\w+)\s*\}\}/g), (m) => m[1] ?? "").sort() : [];

describe("locale catalogues", () => {
  it("have the same keys in Icelandic and English", () => {
    const missingInEn = [...catalogues.is.keys()].filter((key) => !catalogues.en.has(key));
    const missingInIs = [...catalogues.en.keys()].filter((key) => !catalogues.is.has(key));
    expect({ missingInEn, missingInIs }).toEqual({ missingInEn: [], missingInIs: [] });
  });

  it("have no empty or non-text values", () => {
    for (const [language, leaves] of Object.entries(catalogues)) {
      const empty = [...leaves].filter(([, value]) => typeof value !== "string" || value.trim() === "");
      expect(empty.map(([key]) => `${language}:${key}`)).toEqual([]);
    }
  });

  it("use the same placeholders in both languages", () => {
    const mismatched = [...catalogues.is].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(catalogues.en.get(key)).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it("translate every error code, the server's and the browser's", () => {
    for (const leaves of Object.values(catalogues)) {
      const missing = [...ERROR_CODES, ...CLIENT_ERROR_CODES].filter((code) => !leaves.has(`errors.${code}`));
      expect(missing).toEqual([]);
    }
  });

  it("translate every validation message of the shared schemas", () => {
    for (const leaves of Object.values(catalogues)) {
      expect(Object.values(VALIDATION_MESSAGES).filter((key) => !leaves.has(key))).toEqual([]);
    }
  });

  it("hold every key the source passes to t()", () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(20);
    for (const [language, leaves] of Object.entries(catalogues)) {
      const missing = used
        .filter(({ key }) => !hasKey(leaves, key))
        .map(({ key, file }) => `${language}:${key} (${file})`);
      expect(missing).toEqual([]);
    }
  });
});
