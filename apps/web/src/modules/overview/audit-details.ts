type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const scalar = (value: Json): string => {
  if (value === null || value === "") return "–";
  if (Array.isArray(value)) return value.length === 0 ? "–" : value.map(scalar).join(", ");
  if (isRecord(value)) return Object.keys(value).length === 0 ? "–" : JSON.stringify(value);
  return String(value);
};

const pairs = (record: Record<string, Json>, prefix: string): string[] =>
  Object.entries(record).flatMap(([key, value]) =>
    isRecord(value) && Object.keys(value).length > 0
      ? pairs(value, `${prefix}${key}.`)
      : [`${prefix}${key}: ${scalar(value)}`],
  );

/**
 * An audit row's details (the JSON the server recorded) as one line a person reads: `key: value` pairs joined by
 * " · ", nested objects flattened to `limit.period: WEEKLY`, lists joined by commas, nothing as "–". Anything that
 * is not a JSON object is shown as it came.
 */
export const auditDetailsText = (details: string): string => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  return isRecord(parsed) ? pairs(parsed, "").join(" · ") : details;
};
