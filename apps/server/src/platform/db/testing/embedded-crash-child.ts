/**
 * Child process of embedded.test.ts: starts the embedded PostgreSQL on the folder given as argv[2], writes a
 * row, reports on stdout and waits to be killed with SIGKILL, as a crashed server would be.
 */
import pg from "pg";
import { startEmbeddedPostgres } from "../embedded.ts";
import { silentLog } from "../embedded-support.ts";
import { postmasterPid } from "../stale.ts";

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error("usage: embedded-crash-child.ts <dataDir>");

const server = await startEmbeddedPostgres({ dataDir, log: silentLog });
const client = new pg.Client({ connectionString: server.url });
await client.connect();
await client.query("create table crash_probe (id int primary key, note text not null)");
await client.query("insert into crash_probe values (1, 'written before the crash')");
await client.end();

process.stdout.write(`${JSON.stringify({ port: server.port, pid: postmasterPid(server.clusterDir) })}\n`);
// Keep running until killed.
setInterval(() => {}, 60_000);
