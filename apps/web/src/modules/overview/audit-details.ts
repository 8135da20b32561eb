type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * How the reader's language names and writes what an audit row recorded. The page builds it from the catalogues
 * and the locale's formats; the tests give a plain one.
 */
export type AuditFormat = {
  /** The reader's name of a recorded field, or undefined when the catalogue has none (the key is shown as it is). */
  field(key: string): string | undefined;
  /** The reader's name of a recorded code (a limit's period, a card's type or status, a role), or undefined. */
  code(key: string, value: string): string | undefined;
  /** The name of the company's person with this id (a cardholder before and after), or undefined. */
  person(id: string): string | undefined;
  money(amount: number): string;
  percent(basisPoints: number): string;
  /** A calendar day, or a moment with its time of day when it has one. */
  date(iso: string): string;
  yes: string;
  no: string;
};

/** Fields that hold an ISK amount wherever they are recorded. */
const MONEY_FIELDS = new Set([
  "amount",
  "requested",
  "sumAmount",
  "credit_limit",
  "monthly_budget",
  "max_daily",
  "max_weekly",
  "max_monthly",
  "max_monthly_limit",
]);

/**
 * Whether a recorded number is an amount: by its field, and for fields whose meaning depends on the change, by its
 * action (an invoice's total is an amount, an export's is a count; a credit change's `from` and `to` are limits).
 */
const isMoney = (action: string, key: string): boolean =>
  MONEY_FIELDS.has(key) ||
  (key === "total" && action.startsWith("invoice.")) ||
  ((key === "from" || key === "to") && action.startsWith("credit.")) ||
  (key === "minimum" && action === "project.set_capture_tolerance");

/** Whether a recorded number is a whole percentage (a capture tolerance's, of the authorization). */
const isWholePercent = (action: string, key: string): boolean =>
  key === "percent" && action === "project.set_capture_tolerance";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const valueText = (format: AuditFormat, action: string, key: string, value: Json): string => {
  if (value === null || value === "") return "–";
  if (Array.isArray(value)) {
    return value.length === 0 ? "–" : value.map((item) => valueText(format, action, key, item)).join(", ");
  }
  if (isRecord(value)) return Object.keys(value).length === 0 ? "–" : JSON.stringify(value);
  if (typeof value === "boolean") return value ? format.yes : format.no;
  if (typeof value === "number") {
    if (Number.isInteger(value) && isMoney(action, key)) return format.money(value);
    if (key === "basis_points" && Number.isInteger(value)) return format.percent(value);
    if (isWholePercent(action, key) && Number.isInteger(value)) return format.percent(value * 100);
    return String(value);
  }
  if (ISO_DATE.test(value)) return format.date(value);
  return format.person(value) ?? format.code(key, value) ?? value;
};

/** The reader's name of a field at `path` (nested fields as "Limit (amount)"), or the recorded keys. */
const label = (format: AuditFormat, path: readonly string[]): string => {
  const [first = "", ...rest] = path;
  const inner = rest.map((key) => format.field(key)?.toLowerCase() ?? key);
  const outer = format.field(first) ?? first;
  return inner.length === 0 ? outer : `${outer} (${inner.join(", ")})`;
};

/**
 * PostgreSQL's jsonb keeps keys shortest first, so a change reads "to" before "from" as stored: what a change is
 * about comes first, then before, then after; other keys as stored.
 */
const LEADING_KEYS = ["kind", "from", "to"];
const rank = (key: string): number => {
  const at = LEADING_KEYS.indexOf(key);
  return at === -1 ? LEADING_KEYS.length : at;
};

const pairs = (format: AuditFormat, action: string, record: Record<string, Json>, path: string[]): string[] =>
  Object.entries(record)
    .sort(([a], [b]) => rank(a) - rank(b))
    .flatMap(([key, value]) =>
      isRecord(value) && Object.keys(value).length > 0
        ? pairs(format, action, value, [...path, key])
        : [`${label(format, [...path, key])}: ${valueText(format, action, key, value)}`],
    );

/**
 * An audit row's details (the JSON the server recorded for `action`) as one line a person reads, in their language:
 * `name: value` pairs joined by " · ", amounts as ISK, days and moments as the locale writes them, codes (a period,
 * a card's type or status, a role) and the company's people by their names, yes and no for flags, lists joined by
 * commas, nothing as "–". Nested objects are flattened ("Limit (period): Weekly"). A field or code the catalogue
 * does not name is shown as recorded, so nothing recorded is hidden. Anything that is not a JSON object is shown as
 * it came.
 */
export const auditDetailsText = (details: string, action: string, format: AuditFormat): string => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details;
  }
  return isRecord(parsed) ? pairs(format, action, parsed, []).join(" · ") : details;
};
