import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { percentile } from "./percentile.ts";

/**
 * What PostgreSQL's own work did beside a measurement, for the figures that wait on the disk (the card decisions:
 * a durable commit each). A decision's p99 moves with how much WAL each commit flushes, which grows after every
 * checkpoint (the first change of a page writes the whole page) and with a larger ledger's indexes; with autovacuum
 * cleaning the tables a run has just written; and with the disk's own fsync time. Printed beside the figures, these
 * tell the code's cost from the database's housekeeping and the machine's disk.
 */

/** The database's counters read around each slice of a comparison (load.ts `alternate`). */
export type DbActivity = {
  /**
   * The WAL's insert position in bytes: exact, unlike the statistics views, which backends report late. The
   * difference over a slice is all the WAL written meanwhile: mostly the side's own, plus any housekeeping.
   */
  walBytes: number;
  /** Autovacuum workers running at the moment of reading. */
  vacuuming: number;
};

export type ActivityReader = () => Promise<DbActivity>;

const FSYNC_SAMPLES = 500;
const PAGE = Buffer.alloc(8192, 1);

/**
 * The disk's durable-write latency in `directory`: 8 KB written and `fdatasync`ed `FSYNC_SAMPLES` times in a
 * scratch file (the commit's WAL flush is such a write). Undefined when no file can be made there.
 */
const fsyncLatencyIn = (directory: string): { p50: number; p99: number } | undefined => {
  const file = path.join(directory, `.kort-bench-fsync-${process.pid}`);
  let fd: number;
  try {
    fd = openSync(file, "w");
  } catch {
    return undefined;
  }
  const samples: number[] = [];
  try {
    for (let index = 0; index < FSYNC_SAMPLES; index += 1) {
      const started = performance.now();
      // Within a few pages of one file, as a run of commits flushes within one WAL segment file.
      writeSync(fd, PAGE, 0, PAGE.length, (index % 16) * PAGE.length);
      fdatasyncSync(fd);
      samples.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

export type DbActivityReader = {
  read: ActivityReader;
  /**
   * The disk's fsync latency next to the database's data directory. Undefined when the data directory is not on
   * this machine or not readable (a remote database, or a role that may not see it).
   */
  fsyncLatency(): { p50: number; p99: number } | undefined;
  /**
   * Makes `segments` WAL segment files ready ahead of the insert position, as a database in service has them, and
   * answers how many were ready before and after. A database in service writes into segments that its checkpoints
   * recycled (renamed from ones no longer needed); a young one, like the bench's, makes each next segment anew,
   * writing its 16 MB whole with zeros and flushing them (`wal_init_zero`), and every commit waits meanwhile. At
   * 2,000 decisions/s that was a 50 to 65 ms stall every 3.3 s, in Kort's slices and the floor's alike.
   */
  readyWal(segments: number): Promise<{ before: number; after: number }>;
  close(): Promise<void>;
};

/** A reader on its own connection, which also finds the data directory once; `close` ends it. */
export const dbActivityReader = async (databaseUrl: string): Promise<DbActivityReader> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const dataDirectory = await client
    .query<{ dir: string }>("select current_setting('data_directory') as dir")
    .then((result) => result.rows[0]?.dir)
    .catch(() => undefined);
  const read = async (): Promise<DbActivity> => {
    const { rows } = await client.query<{ wal: string; vacuuming: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as wal,
              (select count(*) from pg_stat_activity where backend_type = 'autovacuum worker')::text as vacuuming`,
    );
    return { walBytes: Number(rows[0]?.wal ?? Number.NaN), vacuuming: Number(rows[0]?.vacuuming ?? 0) };
  };
  const readySegments = async (): Promise<number> => {
    const { rows } = await client.query<{ ready: number }>(
      `select count(*)::int as ready from pg_ls_waldir()
        where name ~ '^[0-9A-F]{24}$' and name > pg_walfile_name(pg_current_wal_insert_lsn())`,
    );
    return rows[0]?.ready ?? 0;
  };
  const readyWal = async (segments: number) => {
    const before = await readySegments();
    if (before >= segments) return { before, after: before };
    // Each switch closes the current segment, and the message after it begins the next one: a segment is made per
    // turn. The checkpoint then needs none of them and recycles them ahead (up to what its distance from the last
    // checkpoint and max_wal_size allow).
    for (let made = before; made < segments; made += 1) {
      await client.query("select pg_logical_emit_message(false, 'kort-bench', 'wal')");
      await client.query("select pg_switch_wal()");
    }
    await client.query("checkpoint");
    return { before, after: await readySegments() };
  };
  return {
    read,
    readyWal,
    fsyncLatency: () => (dataDirectory ? fsyncLatencyIn(path.dirname(dataDirectory)) : undefined),
    close: () => client.end(),
  };
};
