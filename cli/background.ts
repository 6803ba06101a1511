/** What the CLI's bulk jobs do to stay behind the site when they run on its machine. */
import { constants, setPriority } from 'node:os';

/**
 * A bulk job (a full link check, an import) runs at the lowest priority: on the site's own machine, where cron
 * or an admin runs it, visitors' pages come first, and on an idle machine it loses nothing
 * (docs/decisions/023).
 */
export function yieldTheProcessorToTheSite(): void {
  try {
    setPriority(constants.priority.PRIORITY_LOW);
  } catch {
    // Not allowed here (or not a system with priorities): the job runs as it is.
  }
}
