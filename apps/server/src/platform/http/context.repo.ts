import type { RoleName } from "@kort/core";
import type { Db } from "../db/client.ts";

/** The signed-in user, as every request reads it: enough for `GET /v1/users/current` and `{ me }` without a second read. */
export type SessionUser = {
  id: string;
  fullName: string;
  preferredName: string | null;
  email: string;
  imageId: string | null;
  createdAt: Date;
};

/**
 * teamIds: the caller's live teams in the project, loaded with the membership (policy input user.team_ids);
 * adminTeamIds: those of them the caller administers (user.admin_team_ids: a team admin's team scope).
 */
export type Membership = {
  projectId: string;
  role: RoleName;
  teamIds: readonly string[];
  adminTeamIds: readonly string[];
};

export type Session = { user: SessionUser; membership: Membership | null };

/**
 * Token → user → membership in one statement, since every authenticated request runs it. The membership is the
 * user's role in the requested project when that project is enabled, with their live teams there (all of them, and
 * those they administer); none without a project id, without a membership, or in a disabled project.
 *
 * Written as SQL on the pool rather than through Drizzle's builder, and named, so that each connection plans it
 * once and later requests send only their parameters: planning these joins costs PostgreSQL several times what
 * running them does. There are two statements, with and without a project, because one statement for both would be
 * planned anew on every call (the planner keeps a custom plan when a parameter may be null).
 */
const USER_COLUMNS = "u.id, u.full_name, u.preferred_name, u.email, u.image_id, u.created_at";
/** An approved token that has not expired. */
const LIVE_TOKEN = "t.token_hash = $1 and t.status = 'approved' and t.expires_at > $2";

/** The member's live (not deleted) teams in the project, all or only those they administer, as a text array. */
const teamIdsOfMember = (onlyAdmin: boolean) => `array(
  select tm.team_id::text from team_members tm
    join teams tt on tt.project_id = tm.project_id and tt.id = tm.team_id and tt.deleted_at is null
   where tm.project_id = pm.project_id and tm.user_id = pm.user_id${onlyAdmin ? " and tm.is_admin" : ""}
   order by tm.team_id)`;

/** Exported for the benchmark's floor (bench/support/floor-server.ts), which runs the very same statement. */
export const SESSION_STATEMENT = {
  name: "kort_session",
  text: `select ${USER_COLUMNS} from tokens t join users u on u.id = t.user_id where ${LIVE_TOKEN} limit 1`,
};

const SESSION_IN_PROJECT_STATEMENT = {
  name: "kort_session_in_project",
  text: `select ${USER_COLUMNS}, m.project_id, m.role, m.team_ids, m.admin_team_ids
  from tokens t join users u on u.id = t.user_id
  left join lateral (
    select pm.project_id, pm.role, ${teamIdsOfMember(false)} as team_ids, ${teamIdsOfMember(true)} as admin_team_ids
      from project_members pm join projects p on p.id = pm.project_id and p.enabled
     where pm.user_id = t.user_id and pm.project_id = $3
  ) m on true
 where ${LIVE_TOKEN}
 limit 1`,
};

type SessionRow = {
  id: string;
  full_name: string;
  preferred_name: string | null;
  email: string;
  image_id: string | null;
  created_at: Date;
  /** These four only from SESSION_IN_PROJECT_STATEMENT, and null there when the user is no member of an enabled project. */
  project_id?: string | null;
  role?: RoleName | null;
  team_ids?: string[] | null;
  admin_team_ids?: string[] | null;
};

/**
 * The session behind a token hash, when the token is approved and not yet expired at `now`, with the user's
 * membership of `projectId` (see SESSION_IN_PROJECT_STATEMENT); null when there is no such session.
 */
export const findSession = async (
  db: Db,
  tokenHash: string,
  now: Date,
  projectId: string | undefined,
): Promise<Session | null> => {
  // The time as ISO text, which PostgreSQL reads as the timestamptz the statement compares it with: pg would write a
  // Date out field by field in JavaScript on every call.
  const at = now.toISOString();
  const { rows } = await db.$client.query<SessionRow>(
    projectId === undefined
      ? { ...SESSION_STATEMENT, values: [tokenHash, at] }
      : { ...SESSION_IN_PROJECT_STATEMENT, values: [tokenHash, at, projectId] },
  );
  const row = rows[0];
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    fullName: row.full_name,
    preferredName: row.preferred_name,
    email: row.email,
    imageId: row.image_id,
    createdAt: row.created_at,
  };
  const membership =
    row.project_id && row.role
      ? {
          projectId: row.project_id,
          role: row.role,
          teamIds: row.team_ids ?? [],
          adminTeamIds: row.admin_team_ids ?? [],
        }
      : null;
  return { user, membership };
};
