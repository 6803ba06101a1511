/**
 * README's configuration list, written from db/config.ts: each variable with its default and the description
 * on its schema field. `npm run docs:config` rewrites the list between its two markers in README.md;
 * scripts/config-docs.test.ts fails when the README and db/config.ts disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configSchema, type RateLimit } from '../db/config.ts';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
export const START = '<!-- configuration: written by `npm run docs:config` from db/config.ts -->';
export const END = '<!-- end of configuration -->';
const WIDTH = 120;

/** A default as one writes it in the environment: a rate limit as <count>/<seconds>, nothing as —. */
function shownDefault(value: unknown): string | undefined {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  if (typeof value === 'object' && value !== null && 'windowSeconds' in value) {
    const limit = value as RateLimit;
    return `${limit.max}/${limit.windowSeconds}`;
  }
  return String(value);
}

/** Words joined into lines of at most WIDTH characters, each line after the first indented by two spaces. */
function wrapped(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = `  ${word}`;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

export function renderConfiguration(): string {
  return Object.entries(configSchema.shape)
    .map(([name, field]) => {
      if (!field.description) throw new Error(`db/config.ts: ${name} has no description (.describe on its field)`);
      const fallback = shownDefault(field.parse(undefined));
      return wrapped(
        `- \`${name}\`${fallback === undefined ? '' : ` (default \`${fallback}\`)`}: ${field.description}`,
      );
    })
    .join('\n');
}

/** README.md with its configuration list as db/config.ts describes it. */
export function readmeWithConfiguration(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md: the configuration markers are missing (${START} … ${END})`);
  return `${readme.slice(0, start + START.length)}\n\n${renderConfiguration()}\n\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, readmeWithConfiguration(readFileSync(README, 'utf8')));
  console.log(`README.md: ${Object.keys(configSchema.shape).length} variables written from db/config.ts`);
}
