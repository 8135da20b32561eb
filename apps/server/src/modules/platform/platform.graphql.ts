import { builder } from "../../platform/graphql/builder.ts";
import { ApprovalStatus } from "../projects/projects.graphql.ts";
import type { DecidedCompanyDto, LockedUserDto, PendingCompaniesDto, PendingCompanyDto } from "./platform.schemas.ts";
import { approveCompany, lockedUsers, pendingCompanies, reapproveUser, rejectCompany } from "./platform.service.ts";

/**
 * The platform console (issue 9): platform owners of the operator's own project decide on companies that signed up
 * and unlock locked people. Every field goes through requirePlatformOwner (policy first, deny by default).
 */

const CompanyOwner = builder.objectRef<NonNullable<PendingCompanyDto["owner"]>>("CompanyOwner").implement({
  fields: (t) => ({
    user_id: t.exposeID("user_id"),
    full_name: t.exposeString("full_name"),
    email: t.exposeString("email"),
  }),
});

const PendingCompany = builder.objectRef<PendingCompanyDto>("PendingCompany").implement({
  description: "A company waiting for the platform's approval.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    kennitala: t.exposeString("kennitala", { description: "10 digits, without the dash." }),
    created_at: t.expose("created_at", { type: "DateTime" }),
    owner: t.expose("owner", {
      type: CompanyOwner,
      nullable: true,
      description: "The person who signed the company up.",
    }),
  }),
});

const PendingCompanies = builder.objectRef<PendingCompaniesDto>("PendingCompanies").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [PendingCompany] }),
    next_cursor: t.exposeString("next_cursor", {
      nullable: true,
      description: "Pass as `after` for the next page; null on the last one.",
    }),
  }),
});

const DecidedCompany = builder.objectRef<DecidedCompanyDto>("DecidedCompany").implement({
  description: "A company as the platform's decision left it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    approval_status: t.expose("approval_status", { type: ApprovalStatus }),
    credit_limit: t.exposeString("credit_limit", { description: "ISK, whole kronur." }),
    enabled: t.exposeBoolean("enabled"),
    decided_at: t.expose("decided_at", { type: "DateTime", nullable: true }),
  }),
});

const LockedUser = builder.objectRef<LockedUserDto>("LockedUser").implement({
  description: "A person locked out of sign-in.",
  fields: (t) => ({
    user_id: t.exposeID("user_id"),
    full_name: t.exposeString("full_name"),
    email: t.exposeString("email"),
    locked: t.exposeBoolean("locked"),
    locked_permanently: t.exposeBoolean("locked_permanently"),
    locked_until: t.expose("locked_until", { type: "DateTime", nullable: true }),
  }),
});

builder.queryField("pending_companies", (t) =>
  t.field({
    type: PendingCompanies,
    description: "project create (platform owners): companies waiting for approval, oldest first.",
    args: {
      after: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false, description: "At most 100; 50 when absent." }),
    },
    resolve: (_root, args, { kort, deps }) => pendingCompanies(deps, kort, args),
  }),
);

builder.queryField("locked_users", (t) =>
  t.field({
    type: [LockedUser],
    description: "user reapprove (platform owners): people locked out of sign-in, newest first, at most 50.",
    args: { email: t.arg.string({ required: false, description: "Part of the e-mail address." }) },
    resolve: (_root, args, { kort, deps }) => lockedUsers(deps, kort, args),
  }),
);

builder.mutationField("approve_company", (t) =>
  t.field({
    type: DecidedCompany,
    description: "project create (platform owners): approves a company with its credit limit in ISK.",
    args: {
      project_id: t.arg.id({ required: true }),
      credit_limit: t.arg.float({ required: true, description: "Whole kronur, at most 12 digits." }),
    },
    resolve: (_root, args, { kort, deps }) => approveCompany(deps, kort, args),
  }),
);

builder.mutationField("reject_company", (t) =>
  t.field({
    type: DecidedCompany,
    description: "project create (platform owners): rejects a company waiting for approval; it is disabled.",
    args: { project_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => rejectCompany(deps, kort, args),
  }),
);

builder.mutationField("reapprove_user", (t) =>
  t.field({
    type: LockedUser,
    description: "user reapprove (platform owners): lifts a person's sign-in lock, whatever their company.",
    args: { user_id: t.arg.id({ required: true }) },
    resolve: (_root, args, { kort, deps }) => reapproveUser(deps, kort, args),
  }),
);
