/**
 * A client of a local database file whose connection is replaced once SQLite refused one of its statements
 * with SQLITE_BUSY (the lock held by another process past the busy timeout).
 *
 * The libSQL bindings neither reset nor finalize a statement that failed: it stays in progress on its
 * connection until the garbage collector finalizes its object, which an idle process may not do for minutes.
 * Until then every COMMIT on that connection fails with SQLITE_BUSY ("cannot commit transaction - SQL
 * statements in progress"), and a write outside a transaction is answered as done but left uncommitted,
 * holding the write lock against every other process. A fresh connection has none of it.
 */
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { isSqliteBusy } from './errors.ts';

type Call<A extends unknown[], T> = (...args: A) => Promise<T>;

/** A setting of the connection (`PRAGMA name = value`), which a new connection must be given again. */
const SETTING = /^\s*PRAGMA\s+(\w+)\s*=/i;

/**
 * Replaces `client`'s connections after a busy refusal, and gives the new one every setting the old one was
 * given through `execute` (synchronous, foreign_keys, wal_autocheckpoint…), in their order, before any other
 * call is served.
 */
export function renewConnectionAfterBusy(client: Client): void {
  const raw = {
    execute: client.execute.bind(client) as (statement: InStatement) => Promise<ResultSet>,
    batch: client.batch.bind(client),
    executeMultiple: client.executeMultiple.bind(client),
    migrate: client.migrate.bind(client),
    transaction: client.transaction.bind(client),
  };
  const settings = new Map<string, string>();
  let renewing: Promise<void> | undefined;
  const renew = (): Promise<void> =>
    (renewing ??= (async () => {
      await client.reconnect();
      for (const setting of settings.values()) await raw.execute(setting);
    })().finally(() => (renewing = undefined)));
  const guarded =
    <A extends unknown[], T>(call: Call<A, T>): Call<A, T> =>
    async (...args) => {
      // A call made while the connection is being replaced waits for the new one.
      if (renewing) await renewing;
      try {
        return await call(...args);
      } catch (error) {
        if (isSqliteBusy(error)) await renew();
        throw error;
      }
    };
  const guardedTransaction = (transaction: Transaction): Transaction => {
    // Inside a transaction the refused statement is on the transaction's connection: the same remedy.
    transaction.execute = guarded(transaction.execute.bind(transaction)) as Transaction['execute'];
    transaction.batch = guarded(transaction.batch.bind(transaction)) as Transaction['batch'];
    transaction.executeMultiple = guarded(transaction.executeMultiple.bind(transaction));
    transaction.commit = guarded(transaction.commit.bind(transaction));
    return transaction;
  };
  const execute = guarded(raw.execute);
  client.execute = (async (statement: InStatement, ...rest: unknown[]) => {
    const result = await execute(...([statement, ...rest] as [InStatement]));
    const setting = typeof statement === 'string' ? SETTING.exec(statement) : null;
    if (setting) {
      // Kept in the order last given: a setting given again moves after the others.
      settings.delete(setting[1]!.toLowerCase());
      settings.set(setting[1]!.toLowerCase(), statement as string);
    }
    return result;
  }) as Client['execute'];
  client.batch = guarded(raw.batch) as Client['batch'];
  client.executeMultiple = guarded(raw.executeMultiple);
  client.migrate = guarded(raw.migrate);
  const transaction = guarded((mode?: TransactionMode) => raw.transaction(mode));
  client.transaction = (async (mode?: TransactionMode) =>
    guardedTransaction(await transaction(mode))) as Client['transaction'];
}
