/**
 * Loads many rows into a database file the way a bulk load does: the indexes and triggers of the tables
 * loaded are dropped, the rows written in large batches through statements prepared once, then the indexes
 * are built over the sorted rows in one pass each, the full-text index is filled from the new rows in one
 * statement, and the triggers come back. All of it is one transaction: a failure (or a killed process)
 * leaves the database as it was, and the site keeps reading the old catalog until the commit.
 *
 * What the triggers would have derived row by row is the caller's to write (a content's rating and count
 * of reviews) or is written here (the full-text index); the change feed gets one 'reset' row, which makes
 * every process reload the catalog, instead of one row per content.
 */
import Database from 'libsql';

export interface LoadStatement {
  sql: string;
  params: unknown[];
}

/** One batch of rows: the statements that write them, and how many contents they hold. */
export interface LoadBatch {
  statements: LoadStatement[];
  contents: number;
  rows: number;
}

/** Where a load is: its phase, the rows written so far in it, its speed and the process's memory. */
export interface LoadReport {
  phase: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssBytes: number;
  /** While the rows are written: contents written, of how many. */
  done?: number;
  total?: number;
}

export interface LoadOptions {
  /** The tables whose indexes and triggers are set aside while the rows are written. */
  tables: readonly string[];
  total: number;
  busyTimeoutMs?: number;
  /** Called at the end of each phase, and every few seconds while the rows are written. */
  onReport?: (report: LoadReport) => void;
  onProgress?: (done: number, total: number) => void;
}

const REPORT_EVERY_MS = 5000;

/** Runs the load of `batches` into the database file at `path`. Returns the rows written. */
export function bulkLoad(path: string, batches: Iterable<LoadBatch>, options: LoadOptions): number {
  const connection = new Database(path, { timeout: options.busyTimeoutMs ?? 10_000 });
  const report = reporter(options.onReport);
  try {
    // Each row is valid by construction (every content is written before its tags and reviews); the
    // checks of a foreign key would cost a lookup per row. A larger cache keeps the index builds in memory.
    connection.exec('PRAGMA foreign_keys = OFF');
    connection.exec('PRAGMA cache_size = -65536');
    connection.exec('BEGIN IMMEDIATE');
    try {
      const placeholders = options.tables.map(() => '?').join(', ');
      const setAside = connection
        .prepare(
          `SELECT type, name, sql FROM sqlite_master
           WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${placeholders})
           ORDER BY type, name`,
        )
        .all(...options.tables) as { type: 'index' | 'trigger'; name: string; sql: string }[];
      for (const { type, name } of setAside) connection.exec(`DROP ${type.toUpperCase()} "${name}"`);
      const seqBefore = Number(
        (connection.prepare('SELECT coalesce(max(seq), 0) AS seq FROM contents').get() as { seq: number }).seq,
      );
      report.phase('indexes and triggers set aside', setAside.length);

      const prepared = new Map<string, Database.Statement>();
      let rows = 0;
      let done = 0;
      let reported = Date.now();
      for (const batch of batches) {
        for (const { sql, params } of batch.statements) {
          let statement = prepared.get(sql);
          if (!statement) prepared.set(sql, (statement = connection.prepare(sql)));
          statement.run(...params);
        }
        rows += batch.rows;
        done += batch.contents;
        options.onProgress?.(done, options.total);
        if (Date.now() - reported >= REPORT_EVERY_MS) {
          reported = Date.now();
          report.progress('rows', rows, done, options.total);
        }
      }
      prepared.clear();
      report.phase('rows', rows);

      const indexes = setAside.filter((entry) => entry.type === 'index');
      for (const { sql } of indexes) connection.exec(sql);
      report.phase('indexes', indexes.length);

      // What contents_fts_after_insert would have written for each new content, in one pass.
      const indexed = connection
        .prepare(
          `INSERT INTO contents_fts(rowid, name, description, tag_labels)
           SELECT seq, name, description, tag_labels FROM contents WHERE seq > ? ORDER BY seq`,
        )
        .run(seqBefore).changes;
      connection.exec(`INSERT INTO contents_fts(contents_fts) VALUES ('optimize')`);
      report.phase('search index', indexed);

      const triggers = setAside.filter((entry) => entry.type === 'trigger');
      for (const { sql } of triggers) connection.exec(sql);
      connection.exec(`INSERT INTO catalog_changes(kind) VALUES ('reset')`);
      report.phase('triggers', triggers.length);

      connection.exec('COMMIT');
      // The load went through the WAL (3 GB at a million contents), copied into the file at the commit:
      // emptied, it gives its disk back. A reader still on an old snapshot keeps it for the next checkpoint.
      try {
        connection.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch {}
      report.phase('commit', 0);
      return rows;
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      throw error;
    }
  } finally {
    connection.close();
  }
}

/** Reports each phase with its own time and rows, and the process's resident memory then. */
function reporter(onReport: LoadOptions['onReport']) {
  let phaseStarted = performance.now();
  const make = (phase: string, rows: number, extra: Partial<LoadReport> = {}): LoadReport => {
    const seconds = (performance.now() - phaseStarted) / 1000;
    return {
      phase,
      rows,
      seconds,
      rowsPerSecond: seconds > 0 ? rows / seconds : 0,
      rssBytes: process.memoryUsage.rss(),
      ...extra,
    };
  };
  return {
    phase: (phase: string, rows: number) => {
      onReport?.(make(phase, rows));
      phaseStarted = performance.now();
    },
    progress: (phase: string, rows: number, done: number, total: number) =>
      onReport?.(make(phase, rows, { done, total })),
  };
}
