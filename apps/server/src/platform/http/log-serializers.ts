/**
 * What an error may leave in a log line. A failed Drizzle query carries its bound parameters three
 * times: as `params`, in its message (`Failed query: …\nparams: …`) and so in its stack; PostgreSQL's
 * error carries row values in `detail` ("Key (email)=(anna@…) already exists.") and sometimes in its
 * message ('invalid input syntax for type uuid: "…"'). Parameters are card-number and CVC
 * ciphertexts, names, e-mails. So errors are logged from a whitelist: the type, the statement text,
 * PostgreSQL's code, constraint, table and column, a scrubbed message and stack, and the same for
 * their causes; never parameters or row values.
 */

/** Runs of 12 to 19 digits look like card numbers: only the last four are kept. */
export const maskCardNumbers = (text: string): string =>
  text.replace(/\d{12,19}/g, (digits) => `${"*".repeat(digits.length - 4)}${digits.slice(-4)}`);

/** Drizzle's "\nparams: …" tail, up to the stack's first frame when the text is a stack. */
const PARAMS_TAIL = /\nparams: [\s\S]*?(?=\n\s+at\s|$)/g;

/** PostgreSQL quotes the value it could not read: 'invalid input syntax for type bigint: "…"'. */
const QUOTED_INPUT = /(invalid input (?:syntax|value) for (?:type|enum) [^:]+: )"[^"]*"/g;

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;

/** A message or stack with parameters, quoted inputs, e-mails and card-number-like digits taken out. */
export const scrubText = (text: string): string =>
  maskCardNumbers(
    text.replace(PARAMS_TAIL, "\nparams: [redacted]").replace(QUOTED_INPUT, '$1"[redacted]"').replace(EMAIL, "[email]"),
  );

/** Fields of PostgreSQL's and Fastify's errors that name what failed without its data. */
const KEPT_FIELDS = [
  "code",
  "severity",
  "constraint",
  "table",
  "column",
  "schema",
  "dataType",
  "routine",
  "statusCode",
];

const MAX_CAUSES = 5;

type SerializedError = Record<string, unknown>;

const fieldOf = (error: object, key: string): unknown => (error as Record<string, unknown>)[key];

/**
 * pino's `err` serializer. Anything that is not an Error is logged as is (the redact paths in
 * logger.ts still apply); Errors are rebuilt from KEPT_FIELDS, the statement text of a failed query
 * (`query`, which has placeholders, not values), GraphQL's `path`, and their `cause` and
 * `originalError` chains.
 */
export const serializeError = (error: unknown, depth = 0): unknown => {
  if (!(error instanceof Error)) return error;
  const serialized: SerializedError = {
    type: error.name === "Error" ? error.constructor.name : error.name,
    message: scrubText(error.message),
  };
  if (error.stack) serialized.stack = scrubText(error.stack);
  for (const key of KEPT_FIELDS) {
    const value = fieldOf(error, key);
    if (typeof value === "string" || typeof value === "number") serialized[key] = value;
  }
  const query = fieldOf(error, "query");
  if (typeof query === "string") serialized.query = scrubText(query);
  const path = fieldOf(error, "path");
  if (Array.isArray(path)) serialized.path = path.join(".");
  if (depth < MAX_CAUSES) {
    for (const key of ["cause", "originalError"]) {
      const inner = fieldOf(error, key);
      if (inner instanceof Error) serialized[key] = serializeError(inner, depth + 1);
    }
  }
  return serialized;
};

/**
 * Yoga's own log calls pass whatever they have (errors among them) as arguments; logged as a plain
 * array, an Error's enumerable fields (Drizzle's `params`) would be written out. Errors in it are
 * serialized like `err`.
 */
export const serializeLogArguments = (args: unknown): unknown =>
  Array.isArray(args) ? args.map((arg) => serializeError(arg)) : serializeError(args);
