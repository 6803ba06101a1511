/** What every prompt shares: drawn on stderr, and Ctrl+C made a PromptCancelled. */
import { PromptCancelled } from '../errors.ts';

// Prompts draw on stderr so stdout holds only the result (`users create --json > user.json`).
export const context = { output: process.stderr };

export async function ask<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt();
  } catch (error) {
    // Ctrl+C rejects with inquirer's ExitPromptError; translated here so no other module knows inquirer.
    if (error instanceof Error && error.name === 'ExitPromptError') throw new PromptCancelled();
    throw error;
  }
}
