import { writeAudit } from "../../platform/audit/audit.ts";
import type { Tx } from "../../platform/db/client.ts";
import type { TokenRow } from "../../platform/db/schema/index.ts";
import { AppError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/context.ts";
import { hashToken } from "../../platform/http/headers.ts";
import type { AppDeps } from "../../platform/http/rest.ts";
import { refusal, success, unwrap } from "../../platform/outcome.ts";
import { RENEWAL_GRACE_MS, SESSION_MAX_MS, TOKEN_TTL_MS } from "./auth.constants.ts";
import { findSignInUserById, lockSignInUser } from "./auth-users.repo.ts";
import { newBearerToken } from "./codes.ts";
import { lockError } from "./lockout.ts";
import {
  approveToken,
  deleteToken,
  findSessionByToken,
  findTokenByHash,
  insertSession,
  insertToken,
  lockTokenByHash,
  moveSession,
  type SessionRow,
} from "./tokens.repo.ts";

export type ApprovedToken = { id: string; token: string; status: "approved"; expires_at: Date };

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/**
 * Begins a session: approves the pending token of a sign-in, or (sign-up) makes a new approved one. The bearer
 * token is made here and returned once; only its SHA-256 is stored. Runs in the caller's transaction.
 */
export const beginSession = async (
  tx: Tx,
  input: { userId: string; now: Date; pendingTokenId?: string; authenticator?: string },
): Promise<ApprovedToken> => {
  const { userId, now } = input;
  const token = newBearerToken();
  const tokenHash = hashToken(token);
  const expiresAt = later(now, TOKEN_TTL_MS);
  let tokenId = input.pendingTokenId;
  if (tokenId) {
    await approveToken(tx, tokenId, { tokenHash, expiresAt, approvedAt: now });
  } else {
    const row = await insertToken(tx, {
      userId,
      tokenHash,
      status: "approved",
      authenticator: input.authenticator,
      expiresAt,
      approvedAt: now,
      createdAt: now,
    });
    tokenId = row.id;
  }
  await insertSession(tx, {
    userId,
    tokenId,
    secretHash: tokenHash,
    expiresAt: later(now, SESSION_MAX_MS),
    createdAt: now,
  });
  return { id: tokenId, token, status: "approved", expires_at: expiresAt };
};

type Renewable = { renewableUntil: Date; began: Date; sessionEndsAt: Date };

/**
 * Whether a token can still be renewed: approved, expired less than 12 hours ago, and its session began less
 * than 30 days ago. Tokens made before sessions existed (test fixtures) count from their approval.
 */
const renewable = (token: TokenRow, session: SessionRow | null, now: Date): Renewable | null => {
  if (token.status !== "approved") return null;
  const began = session?.createdAt ?? token.approvedAt ?? token.createdAt;
  const sessionEndsAt = session?.expiresAt ?? later(began, SESSION_MAX_MS);
  const graceEndsAt = later(token.expiresAt, RENEWAL_GRACE_MS);
  const renewableUntil = new Date(Math.min(graceEndsAt.getTime(), sessionEndsAt.getTime()));
  return renewableUntil > now ? { renewableUntil, began, sessionEndsAt } : null;
};

const noSession = () => new AppError("UNAUTHENTICATED", "The session has ended. Please sign in again.");

const presentedHash = (ctx: RequestContext): string => {
  if (!ctx.tokenHash) throw new AppError("UNAUTHENTICATED", "Please sign in.");
  return ctx.tokenHash;
};

/**
 * POST /v1/sessions: a new token for a renewable one, which is retired. A permanently locked user cannot
 * renew; a temporary lock (someone guessing codes elsewhere) does not end a session already open.
 */
export const renewSession = async (deps: AppDeps, ctx: RequestContext): Promise<ApprovedToken> => {
  const tokenHash = presentedHash(ctx);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const old = await lockTokenByHash(tx, tokenHash);
    if (!old) return refusal(noSession());
    const session = await findSessionByToken(tx, old.id);
    const window = renewable(old, session, now);
    if (!window) return refusal(noSession());
    const user = await lockSignInUser(tx, old.userId);
    if (!user) return refusal(noSession());
    if (user.lockedPermanently) return refusal(lockError(user, now) ?? noSession());

    const token = newBearerToken();
    const secretHash = hashToken(token);
    const expiresAt = later(now, TOKEN_TTL_MS);
    const created = await insertToken(tx, {
      userId: old.userId,
      tokenHash: secretHash,
      status: "approved",
      authenticator: old.authenticator ?? undefined,
      deviceId: old.deviceId ?? undefined,
      deviceMake: old.deviceMake ?? undefined,
      expiresAt,
      approvedAt: now,
      createdAt: now,
    });
    if (session) {
      await moveSession(tx, session.id, { tokenId: created.id, secretHash, lastSeenAt: now });
    } else {
      await insertSession(tx, {
        userId: old.userId,
        tokenId: created.id,
        secretHash,
        expiresAt: window.sessionEndsAt,
        createdAt: window.began,
      });
    }
    await deleteToken(tx, old.id);
    await writeAudit(tx, {
      action: "auth.session.renewed",
      objectType: "token",
      objectId: created.id,
      actorUserId: old.userId,
      data: { previous_token_id: old.id },
      requestId: ctx.requestId,
      at: now,
    });
    return success<ApprovedToken>({ id: created.id, token, status: "approved", expires_at: expiresAt });
  });
  return unwrap(outcome);
};

export type SessionStatus = {
  id: string;
  user_id: string;
  status: "approved";
  expires_at: Date;
  active: boolean;
  renewable_until: Date;
};

/** GET /v1/sessions/verify: whether the presented token is a session that works now or can be renewed. */
export const verifySession = async (deps: AppDeps, ctx: RequestContext): Promise<SessionStatus> => {
  const tokenHash = presentedHash(ctx);
  const now = deps.now();
  const token = await findTokenByHash(deps.db, tokenHash);
  if (!token) throw noSession();
  const window = renewable(token, await findSessionByToken(deps.db, token.id), now);
  if (!window) throw noSession();
  const user = await findSignInUserById(deps.db, token.userId);
  if (!user) throw noSession();
  if (user.lockedPermanently) throw lockError(user, now) ?? noSession();
  return {
    id: token.id,
    user_id: token.userId,
    status: "approved",
    expires_at: token.expiresAt,
    active: token.expiresAt > now,
    renewable_until: window.renewableUntil,
  };
};

/** DELETE /v1/tokens: the presented token (valid, expired or unknown alike) no longer opens anything. */
export const signOut = async (deps: AppDeps, ctx: RequestContext): Promise<void> => {
  const tokenHash = presentedHash(ctx);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const token = await lockTokenByHash(tx, tokenHash);
    if (!token) return;
    await deleteToken(tx, token.id);
    await writeAudit(tx, {
      action: "auth.sign_out",
      objectType: "token",
      objectId: token.id,
      actorUserId: token.userId,
      requestId: ctx.requestId,
      at: now,
    });
  });
};
