import type { FastifyReply, FastifyRequest } from "fastify";
import { type ExecutionResult, getOperationAST } from "graphql";
import { type FetchAPI, processRegularResult, type YogaServerInstance } from "graphql-yoga";
import { maskError, withCodes } from "./errors.ts";
import { GRAPHQL_LIMITS } from "./limits.ts";

/**
 * The common GraphQL request, taken without Yoga's fetch-API layer. Every call of the dashboard is a POST of a JSON body
 * whose document parses and validates; Yoga would wrap it in a web Request, run its HTTP hooks, build a web Response
 * and have it copied onto Fastify's reply, which was more than a third of the server's time for `{ me }`. Here the
 * same request runs through Yoga's own envelop (`getEnveloped`: the same parse and validation caches, limits,
 * compiled lists, input checks and error masking), and its answer is made by Yoga's own `processRegularResult` (the
 * same status, headers and JSON), captured instead of built as a Response. Anything else (GET, GraphiQL, a document
 * that does not parse or validate, another media type, a body with other fields) is Yoga's from the start, so those
 * answers stay exactly Yoga's.
 */

export type PlainParams = {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
};

const PARAM_NAMES: ReadonlySet<string> = new Set(["query", "variables", "operationName"]);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The request's GraphQL parameters when it is a POST of a JSON body Yoga reads as one request; else undefined. */
export const plainParams = (req: Pick<FastifyRequest, "method" | "headers" | "body">): PlainParams | undefined => {
  if (req.method !== "POST" || !req.headers["content-type"]?.startsWith("application/json")) return undefined;
  const { body } = req;
  if (!isPlainObject(body) || !Object.keys(body).every((key) => PARAM_NAMES.has(key))) return undefined;
  const { query, variables, operationName } = body;
  if (typeof query !== "string" || query.length > GRAPHQL_LIMITS.documentChars) return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (operationName != null && typeof operationName !== "string") return undefined;
  return { query, variables: variables ?? undefined, operationName: operationName ?? undefined };
};

/** The media types of Yoga's JSON answer, in its order. */
const REGULAR_MEDIA_TYPES = ["application/graphql-response+json", "application/json"] as const;

const matches = (offered: string, asked: string): boolean => {
  const [offeredType, offeredSubtype] = offered.split("/");
  const [askedType, askedSubtype] = asked.split("/");
  return (askedType === "*" || askedType === offeredType) && (askedSubtype === "*" || askedSubtype === offeredSubtype);
};

/**
 * The JSON media type Yoga answers an Accept header with (its use-result-processor and accept.js: the types the
 * client lists, in UTF-8, the first it lists winning), or undefined when it would answer with a stream or refuse.
 */
const mediaTypeOf = (accept: string | undefined): string | undefined => {
  let chosen: string | undefined;
  const asked = (accept || "*/*").replace(/\s/g, "").toLowerCase().split(",").reverse();
  for (const entry of asked) {
    const [type, ...params] = entry.split(";");
    if (type === undefined) continue;
    if ((params.find((param) => param.includes("charset=")) ?? "charset=utf-8") !== "charset=utf-8") continue;
    for (const offered of REGULAR_MEDIA_TYPES) if (matches(offered, type)) chosen = offered;
  }
  return chosen;
};

/**
 * Answers by Accept header: a client sends the same one on every call, and splitting it again each time was about 1%
 * of `{ me }`'s server time. Bounded, since the header is the client's to choose.
 */
const mediaTypes = new Map<string | undefined, string | undefined>();
const MEDIA_TYPES_KEPT = 64;

export const regularMediaType = (accept: string | undefined): string | undefined => {
  if (mediaTypes.has(accept)) return mediaTypes.get(accept);
  const chosen = mediaTypeOf(accept);
  if (mediaTypes.size < MEDIA_TYPES_KEPT && (accept?.length ?? 0) <= 256) mediaTypes.set(accept, chosen);
  return chosen;
};

/** What processRegularResult builds a Response from, kept as it is. */
class CapturedAnswer {
  constructor(
    readonly body: string,
    readonly init: { status: number; headers: Record<string, string> },
  ) {}
}
const CAPTURE = { Response: CapturedAnswer } as unknown as FetchAPI;

export type PlainRequestOptions = {
  /** What the limits change in every answer (limits.ts), before our codes are given to its errors. */
  fixLimits: (result: ExecutionResult) => void;
  /** Where an error thrown outside a field is reported, as Yoga reports what it masks. */
  report: (error: unknown) => void;
};

/**
 * Answers the request when it is plain and its document valid, and says whether it did; when it answers false,
 * nothing was executed and Yoga should take the request.
 */
export const answerPlainRequest = async <Server extends Record<string, unknown>, User extends Record<string, unknown>>(
  yoga: YogaServerInstance<Server, User>,
  req: FastifyRequest,
  reply: FastifyReply,
  options: PlainRequestOptions,
): Promise<boolean> => {
  const params = plainParams(req);
  const mediaType = params && regularMediaType(req.headers.accept);
  if (!params || !mediaType) return false;
  // The context Yoga starts from: its server context (yoga.ts' ServerContext) and the request's parameters.
  const enveloped = yoga.getEnveloped({ req, reply, params } as unknown as Parameters<typeof yoga.getEnveloped>[0]);
  // A document that fails either (a syntax error, a limit's refusal thrown mid-way) is answered by Yoga, which meets
  // the failure again in its caches or at once.
  let document: ReturnType<typeof enveloped.parse>;
  try {
    document = enveloped.parse(params.query);
    if (enveloped.validate(enveloped.schema, document).length > 0) return false;
  } catch {
    return false;
  }
  const operation = getOperationAST(document, params.operationName);
  if (!operation || operation.operation === "subscription") return false;
  let result: ExecutionResult;
  try {
    const contextValue = await enveloped.contextFactory();
    result = (await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue,
      variableValues: params.variables,
      operationName: params.operationName,
    })) as ExecutionResult;
  } catch (error) {
    // As Yoga's handleError: the request failed outside any field (its context, a pool that is full).
    options.report(error);
    result = { errors: [maskError(error)] };
  }
  // What Yoga's onResultProcess plugins do to every answer, in their order (yoga.ts).
  options.fixLimits(result);
  const answer = (await processRegularResult(withCodes(result), CAPTURE, mediaType)) as unknown as CapturedAnswer;
  reply.status(answer.init.status);
  reply.headers(answer.init.headers);
  await reply.send(answer.body);
  return true;
};
