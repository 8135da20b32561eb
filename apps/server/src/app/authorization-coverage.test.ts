import { randomUUID } from "node:crypto";
import type { GraphQLObjectType } from "graphql";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setPolicyProbe } from "../platform/http/authorize.ts";
import { operationCall, pathWithIds } from "../platform/http/testing/operation-args.ts";
import { apiRoutes } from "./routes.ts";
import { kortSchema } from "./schema.ts";
import { sweepCompany } from "./testing/sweep-company.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

/**
 * Deny by default, checked by a machine: every GraphQL Query and Mutation field and every /v1 route either asks
 * the policy engine when a signed-in member calls it, or is listed below with the reason it needs no policy. A
 * new operation without a check fails here. (/graphql itself and /healthz are outside the route registry: the
 * first is made of the fields below, the second answers only whether the database is up.)
 */
const NO_POLICY: Readonly<Record<string, string>> = {
  "Query.me": "The caller's own user; needs a session.",
  "Query.export_formats": "What the server can write: no company data, the same for everyone.",
  "Query.projects": "The companies the caller belongs to, read through their own memberships.",
  "Query.current_role": "The caller's own role in a project they belong to.",
  "Query.available_roles": "The roles of the matrix, and those the caller's own role may assign.",
  "POST /v1/tokens": "Sign-in: starts a token for an e-mail.",
  "POST /v1/verifications/:id/data": "Sign-in and sign-up: the code of a verification the caller holds.",
  "GET /v1/verifications/:id": "Sign-in and sign-up: the state of a verification the caller holds, never its code.",
  "POST /v1/verifications/:id/start":
    "Sign-in and sign-up: a new code for a verification the caller holds, rate-limited.",
  "POST /v1/tokens/:id/secret": "Sign-in: the passcode for a token the caller started.",
  "DELETE /v1/tokens": "Sign-out of the presented token.",
  "POST /v1/sessions": "Renews the presented session.",
  "GET /v1/sessions/verify": "Describes the presented session.",
  "GET /v1/invites/:id": "The invitation page: public, behind the invitation's unguessable id.",
  "POST /v1/invites/:id/accept": "Accepting needs the invitation link's secret.",
  "POST /v1/onboarding": "Sign-up start: an e-mail with a company or an open invitation.",
  "GET /v1/onboarding/:id": "The sign-up in progress, behind its unguessable id.",
  "POST /v1/onboarding/:id/attributes": "Sign-up steps, behind the onboarding's id and e-mail verification.",
  "POST /v1/onboarding/:id/verifications": "Sign-up: ties a verified code to the onboarding.",
  "POST /v1/onboarding/:id/complete": "Sign-up completion.",
  "GET /v1/users/current": "The caller's own user.",
  "PATCH /v1/users/current": "The caller's own names.",
  "GET /v1/devices/:id": "The caller's own device (no other person's is found); no policy resource covers devices.",
  "PUT /v1/devices/:id": "Registers the caller's own device; another person's id is refused as not found.",
  "POST /v1/devices/tokens": "The push token of the caller's own device.",
  "PUT /v1/devices/key": "The public key of the caller's own device; another person's device id answers not found.",
  "GET /v1/devices/key": "The installation's public VAPID key: the same for everyone, no company data.",
  "POST /v1/devices/:id/webauthn/registration/options":
    "Unlock with biometrics for the caller's own device (another person's is not found), after their passcode.",
  "POST /v1/devices/:id/webauthn/registration/verify": "The caller's own device and the challenge given to them.",
  "DELETE /v1/devices/:id/webauthn": "Turns unlock off for the caller's own device.",
  "POST /v1/auth/webauthn/authentication/options": "Unlock: a challenge for a device id only its phone holds.",
  "POST /v1/auth/webauthn/authentication/verify": "Unlock: needs the device's private key to sign the challenge.",
  "GET /v1/projects": "The companies the caller belongs to.",
  "GET /v1/projects/current": "The X-Project-Id company with the caller's own role in it.",
  "Query.notifications": "The caller's own notices in a company they belong to, read by their own user id.",
  "Query.unread_notification_count": "The caller's own notices, as notifications.",
  "Mutation.mark_notifications_read":
    "Marks only the caller's own notices (scoped by their user id), as notifications.",
  "Mutation.mark_all_notifications_read": "The caller's own notices, as notifications.",
  "GET /v1/notifications": "The caller's own notices in a company they belong to, read by their own user id.",
  "POST /v1/notifications/read": "Marks only the caller's own notices (scoped by their user id).",
  "POST /v1/notifications/read-all": "The caller's own notices, as GET /v1/notifications.",
  "Query.announcements": "Announcements addressed to the caller (every company or theirs, their language).",
  "Mutation.acknowledge_announcement": "The caller's own acknowledgement of an announcement addressed to them.",
  "GET /v1/announcements": "Announcements addressed to the caller, as Query.announcements.",
  "POST /v1/announcements/:id/ack": "The caller's own acknowledgement, as Mutation.acknowledge_announcement.",
  "Query.my_profile": "The caller's own profile.",
  "Mutation.set_my_locale": "The caller's own language.",
  "POST /v1/users/current/image": "The caller's own profile photo.",
  "POST /v1/images":
    "The caller's own profile photo; a transaction's image is asked as transaction manage-receipts (receipts service).",
  "PUT /v1/users/current/locale": "The caller's own language.",
  "POST /v1/users/current/phone":
    "The caller's own phone number (spec 6: user change-phone on self), after the passcode.",
  "PUT /v1/users/current/phone": "Applies only a phone-change code sent for the caller (the verification's user).",
  "PUT /v1/users/current/passcode":
    "The caller's own passcode (spec 6: user reset-secret on self), checked against the current one first.",
  "GET /v1/users/:userId/images/:imageId/file":
    "A signed link's target: its signature, handed out with the user's own answer, is the authority.",
  "GET /v1/users/:userId/images/:imageId/thumbnail": "A signed link's target, as the photo's.",
  "Query.email_addresses": "The caller's own e-mail aliases.",
  "Mutation.create_email_address": "Adds to the caller's own e-mail aliases.",
  "Mutation.delete_email_address": "Removes one of the caller's own aliases (scoped by their user id).",
  "GET /v1/email-addresses": "The caller's own e-mail aliases.",
  "POST /v1/email-addresses": "Adds to the caller's own e-mail aliases.",
  "DELETE /v1/email-addresses/:id": "Removes one of the caller's own aliases (scoped by their user id).",
  "POST /v1/email-addresses/:id/sign-in":
    "Makes one of the caller's own verified aliases their sign-in address (spec 6: user change-email on self).",
  "POST /v1/email-addresses/:id/verify":
    "The verification link's signature, sent only to the address being verified, is the authority.",
  "GET /v1/version": "The running version, public.",
  "GET /v1/docs": "The OpenAPI document, public.",
  "POST /v1/network/authorizations": "The card network (X-Network-Key), not a user: no one to ask the policy about.",
  "POST /v1/network/authorizations/:id/reversal": "The card network (X-Network-Key), not a user.",
  "POST /v1/network/clearings": "The card network (X-Network-Key), not a user.",
  "POST /v1/network/refunds": "The card network (X-Network-Key), not a user.",
  "POST /v1/inbound/receipts":
    "A mail relay (X-Mail-Relay-Key), not a user: the e-mail's sender must be a member of the company it is sent to.",
  "GET /v1/dev/outbox": "Demo mode only (never registered in production): the outbox for developers and tests.",
  "GET /v1/receipts/:id/file":
    "A signed link's target: its HMAC signature is the authority, handed out only with a receipt the policy let the caller read.",
  "GET /v1/receipts/:id/thumbnail": "A signed link's target, as the file's.",
  "GET /v1/exports/:id/file":
    "A signed link's target: the signature, handed only to who may see the export, is the authority.",
  "GET /v1/invoices/:id/pdf":
    "A signed link's target: the signature, handed only to invoice readers of the company, is the authority.",
  "GET /v1/invoices/:id/xml": "A signed link's target, as the PDF's.",
  "GET /v1/projects/:projectId/card_designs/:id/image":
    "A signed link's target: the signature, handed only with a card or design the policy let the caller read.",
  "GET /v1/projects/:projectId/card_designs/:id/thumbnail": "A signed link's target, as the card image's.",
  "Query.support_config": "How this installation offers support: the same for every signed-in person.",
  "Mutation.send_support_message": "The caller's own message to support, sent as them.",
};

let t: TestApp;
const asked: string[] = [];
beforeAll(async () => {
  // The sweep company's receipt, card design and e-mail alias are answered with signed links, which need a key.
  t = await createTestApp({ env: { KORT_LINK_KEY: "authorization-coverage-link-key-0123456789" } });
  setPolicyProbe((question) => asked.push(`${question.resource} ${question.action}`));
});
afterEach(() => {
  asked.length = 0;
});
afterAll(async () => {
  setPolicyProbe(undefined);
  await t.close();
});

const schema = kortSchema();
const rootFields = (type: GraphQLObjectType | null | undefined, kind: "Query" | "Mutation") =>
  Object.values(type?.getFields() ?? {}).map((field) => ({ key: `${kind}.${field.name}`, field }));
const graphqlOperations = [
  ...rootFields(schema.getQueryType(), "Query"),
  ...rootFields(schema.getMutationType(), "Mutation"),
];
const restRoutes = apiRoutes({ demoMode: true }).map((route) => ({ key: `${route.method} ${route.path}`, route }));

describe("authorization coverage", () => {
  it("lists only operations that exist", () => {
    const existing = new Set([...graphqlOperations, ...restRoutes].map((operation) => operation.key));
    expect(Object.keys(NO_POLICY).filter((key) => !existing.has(key))).toEqual([]);
  });

  it("sees a self-scoped operation ask nothing, so the probe tells the two apart", async () => {
    const { headers } = await sweepCompany(t);
    asked.length = 0;
    const response = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers,
      payload: { query: "{ me { id } }" },
    });
    expect(response.statusCode).toBe(200);
    expect(asked).toEqual([]);
  });

  const checkedGraphql = graphqlOperations.filter((operation) => !(operation.key in NO_POLICY));
  it.each(checkedGraphql)("$key asks the policy", async ({ key, field }) => {
    const { headers, ids } = await sweepCompany(t);
    // The company's rows are made through the app's own operations, which ask the policy: only this call counts.
    asked.length = 0;
    const kind = key.startsWith("Mutation.") ? "mutation" : "query";
    let response = await t.app.inject({
      method: "POST",
      url: "/graphql",
      headers,
      payload: operationCall(kind, field, ids, "required"),
    });
    if (asked.length === 0) {
      response = await t.app.inject({
        method: "POST",
        url: "/graphql",
        headers,
        payload: operationCall(kind, field, ids, "all"),
      });
    }
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(asked.length, `${key} answered ${response.body} without asking the policy`).toBeGreaterThan(0);
  });

  it("has every /v1 route not listed above ask the policy", async () => {
    const checkedRoutes = restRoutes.filter((operation) => !(operation.key in NO_POLICY));
    for (const { key, route } of checkedRoutes) {
      const { headers, ids } = await sweepCompany(t);
      asked.length = 0;
      const url = pathWithIds(route.path, ids);
      const response = await t.app.inject({
        method: route.method,
        url,
        headers: { ...headers, "idempotency-key": randomUUID() },
        ...(route.method === "GET" || route.method === "DELETE" ? {} : { payload: {} }),
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(asked.length, `${key} answered ${response.body} without asking the policy`).toBeGreaterThan(0);
    }
    // A whole sweep company per route, made through the app's operations: minutes on a busy machine.
  }, 600_000);
});
