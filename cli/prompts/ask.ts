/** What every prompt shares: drawn on stderr, and Ctrl+C made a PromptCancelled. */
import { PromptCancelled } from '../errors.ts';

// Prompts draw on stderr so stdout holds only the result (`users create --json > user.json`).
export const context = { output: process.stderr };

type Prompts = typeof import('@inquirer/prompts');

/**
 * Shows one prompt. inquirer is loaded here, when a prompt is shown, rather than with the program: most runs ask
 * nothing (scripts, --yes, --json), and loading it cost every run of the CLI 50 ms.
 */
export async function ask<T>(prompt: (prompts: Prompts) => Promise<T>): Promise<T> {
  const prompts = await import('@inquirer/prompts');
  try {
    return await prompt(prompts);
  } catch (error) {
    // Ctrl+C rejects with inquirer's ExitPromptError; translated here so no other module knows inquirer.
    if (error instanceof Error && error.name === 'ExitPromptError') throw new PromptCancelled();
    throw error;
  }
}
