import { print } from "@0no-co/graphql.web";
import type { TadaDocumentNode } from "gql.tada";
import { readSelectedProjectId } from "../session/selected-project.ts";
import { type ApiErrorCode, parseGraphqlErrors, parseRestError } from "./api-error.ts";
import { type Method, sendRequest } from "./transport.ts";
import { type SessionLost, type SessionMode, withSession } from "./with-session.ts";

export type CallOptions = {
  /** Send `X-Project-Id` (default). Calls that list the user's projects or identify the user leave it out. */
  withProject?: boolean;
  /** How the call uses the session (see SessionMode); sign-in, sign-up and other public calls pass `none`. */
  session?: SessionMode;
  /** What a lost session does: back to sign-in (default), or sign out to `/` (fetching the current user). */
  onSessionLost?: SessionLost;
  signal?: AbortSignal;
  /** An upload's progress, 0 to 1 (see transport.ts). */
  onUploadProgress?: (fraction: number) => void;
};

const REST_RETRY: ReadonlySet<ApiErrorCode> = new Set(["UNAUTHENTICATED"]);
/** docs/auth.md: a GraphQL ACCESS_DENIED or UNAUTHENTICATED triggers one renewal and a retry. */
const GRAPHQL_RETRY: ReadonlySet<ApiErrorCode> = new Set(["UNAUTHENTICATED", "ACCESS_DENIED"]);

const projectOf = (options: CallOptions): string | null =>
  options.withProject === false ? null : readSelectedProjectId();

/**
 * A REST call under `/v1`. The answer's shape is trusted to match `T`: it comes from our own server, and
 * generated types replace these hand-written ones when the API settles.
 */
export const rest = <T>(method: Method, path: `/${string}`, body?: unknown, options: CallOptions = {}): Promise<T> =>
  withSession(
    async (token) => {
      const credentials = {
        token,
        projectId: projectOf(options),
        signal: options.signal,
        onUploadProgress: options.onUploadProgress,
      };
      const answer = await sendRequest(method, `/v1${path}`, body, credentials);
      if (!answer.ok) throw parseRestError(answer.status, answer.data);
      return answer.data as T;
    },
    { mode: options.session ?? "session", onLost: options.onSessionLost ?? "redirect", retryOn: REST_RETRY },
  );

/**
 * A multipart REST upload under `/v1` (e.g. a receipt's `file`): the same session and project headers as `rest`;
 * the browser sets the multipart content type with its boundary.
 */
export const upload = <T>(path: `/${string}`, form: FormData, options: CallOptions = {}): Promise<T> =>
  rest<T>("POST", path, form, options);

/** The text sent for a document, printed once per document. */
const printed = new WeakMap<object, string>();
const queryText = <Result, Variables>(document: TadaDocumentNode<Result, Variables>): string => {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
};

/**
 * A GraphQL operation on `/graphql` with a document from `graphql()` (./graphql.ts): the variables and the answer
 * are typed from the schema. Rejects with the first error's code.
 */
export const request = <Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
  options: CallOptions = {},
): Promise<Result> =>
  withSession(
    async (token) => {
      const credentials = { token, projectId: projectOf(options), signal: options.signal };
      const body = { query: queryText(document), variables };
      const answer = await sendRequest("POST", "/graphql", body, credentials);
      const payload =
        typeof answer.data === "object" && answer.data !== null
          ? (answer.data as { data?: unknown; errors?: unknown })
          : {};
      const error = parseGraphqlErrors(payload.errors, answer.status);
      if (error) throw error;
      if (!answer.ok || payload.data === undefined || payload.data === null) {
        throw parseRestError(answer.status, answer.data);
      }
      return payload.data as Result;
    },
    { mode: options.session ?? "session", onLost: options.onSessionLost ?? "redirect", retryOn: GRAPHQL_RETRY },
  );
