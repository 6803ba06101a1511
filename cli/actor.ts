/**
 * Who a changing command acts as, for the audit log: the admin named by the global `--as <email>` (who must
 * exist and be an admin), or else the operating-system user at the terminal.
 */
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import type { Db } from '#db/client.ts';
import { adminActor } from '#db/accounts/user-admin.ts';
import type { Actor } from '#db/operations/audit.ts';

export async function actorOf(db: Db, command: Command): Promise<Actor> {
  const { as } = command.optsWithGlobals<{ as?: string }>();
  if (as !== undefined) return adminActor(db, as);
  return { kind: 'cli', name: operatingSystemUser() };
}

function operatingSystemUser(): string {
  try {
    return userInfo().username;
  } catch {
    // A container user without a passwd entry.
    return process.env.USER || process.env.LOGNAME || `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}
