import { describe, expect, it } from "vitest";
import { NO_TRANSACTION_PERMISSIONS, transactionPermissions } from "./transaction-permissions.ts";

const PROJECT = "p";
const SALES = "team-sales";
const DEV = "team-dev";
const me = (team_ids: string[], admin_team_ids?: string[]) => ({
  user_id: "me",
  team_ids,
  admin_team_ids,
  project_id: PROJECT,
});

describe("transactionPermissions", () => {
  it("lets an accountant change every transaction of the project", () => {
    const can = transactionPermissions("accountant", me([]), { team_id: DEV, user_id: "someone" });
    expect(can).toEqual({
      "set-category": true,
      "set-tax-category": true,
      "set-comment": true,
      "set-team": true,
      remind: true,
      "manage-receipts": true,
    });
  });

  it("lets a team admin change their team's transactions, and only set the team of another's", () => {
    const admin = me([SALES], [SALES]);
    expect(transactionPermissions("team_admin", admin, { team_id: SALES, user_id: "someone" })["set-category"]).toBe(
      true,
    );
    const other = transactionPermissions("team_admin", admin, { team_id: DEV, user_id: "someone" });
    expect(other).toEqual({
      "set-category": false,
      "set-tax-category": false,
      "set-comment": false,
      "set-team": true,
      remind: false,
      "manage-receipts": false,
    });
  });

  it("keeps an employee's categories read-only on someone else's transaction, editable on their own", () => {
    expect(transactionPermissions("user", me([SALES]), { team_id: SALES, user_id: "someone" })["set-category"]).toBe(
      false,
    );
    expect(transactionPermissions("user", me([SALES]), { team_id: SALES, user_id: "me" })["set-category"]).toBe(true);
  });

  it("lets only project-wide grants act on a selection (no team, another cardholder)", () => {
    const selection = { team_id: null, user_id: "" };
    expect(transactionPermissions("accountant", me([]), selection)["set-category"]).toBe(true);
    expect(transactionPermissions("user", me([SALES]), selection)["set-category"]).toBe(false);
    expect(transactionPermissions("user", me([SALES]), selection)["manage-receipts"]).toBe(false);
  });

  it("allows nothing before the role and the caller are known", () => {
    expect(transactionPermissions(null, me([]), { team_id: null, user_id: "me" })).toEqual(NO_TRANSACTION_PERMISSIONS);
    expect(transactionPermissions("accountant", null, { team_id: null, user_id: "me" })).toEqual(
      NO_TRANSACTION_PERMISSIONS,
    );
  });
});
