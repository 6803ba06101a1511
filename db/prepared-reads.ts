/**
 * A read connection of its own with each statement prepared once, answering raw rows: the fast paths' way
 * to run the same SQL again and again (db/client.ts's readRow, the full-text helper and its worker), where
 * the client's execute prepares it anew each time. Only libsql: a worker thread loads it without the rest.
 */
import Database from 'libsql';

export class PreparedReads {
  private readonly connection: Database.Database;
  /** By SQL text: the callers' statements are a few fixed shapes. */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(path: string, busyTimeoutMs: number) {
    this.connection = new Database(path, { readonly: true, timeout: busyTimeoutMs });
  }

  private prepared(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.connection.prepare(sql).raw()));
    return statement;
  }

  /** The first row (its values in order), or an empty row when there is none. */
  row(sql: string, args: unknown[]): unknown[] {
    return (this.prepared(sql).get(...args) as unknown[] | undefined) ?? [];
  }

  rows(sql: string, args: unknown[]): unknown[][] {
    return this.prepared(sql).all(...args) as unknown[][];
  }

  /** Runs `read` in one read transaction: every statement in it sees one snapshot of the database. */
  snapshot<T>(read: () => T): T {
    this.connection.exec('BEGIN');
    try {
      return read();
    } finally {
      this.connection.exec('COMMIT');
    }
  }

  close(): void {
    this.connection.close();
  }
}
