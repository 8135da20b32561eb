import { VALIDATION_MESSAGES, type ValidationMessage } from "@kort/core";

/** The part of a Zod schema a form needs; keeps the web app off a direct Zod dependency. */
export type Checkable = {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: Array<{ message: string }> } };
};

const KNOWN = new Set<string>(Object.values(VALIDATION_MESSAGES));

export const isValidationMessage = (message: string): message is ValidationMessage => KNOWN.has(message);

/** The catalogue key of the first problem the shared schema finds, or null when the value passes. */
export const validationMessage = (schema: Checkable, value: unknown): ValidationMessage | null => {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? VALIDATION_MESSAGES.required;
  return isValidationMessage(message) ? message : VALIDATION_MESSAGES.required;
};
