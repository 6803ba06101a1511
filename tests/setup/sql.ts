/** Reads and arranges a test server's database directly: what a test checks behind the API, or sets up before it. */
import { createClient } from '@libsql/client';

/** The rows of one statement on the database at `dbUrl`, as plain objects (column name → value). */
export async function sqlRows(dbUrl: string, statement: string, args: Array<string | number> = []): Promise<Array<Record<string, unknown>>> {
  const db = createClient({ url: dbUrl });
  try {
    return (await db.execute({ sql: statement, args })).rows.map((row) => ({ ...row }));
  } finally {
    db.close();
  }
}
