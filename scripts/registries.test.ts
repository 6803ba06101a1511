/**
 * One list per concept: each list of values the product names (roles, costs, statuses, progress states, tag
 * kinds, error codes) is written once, in its registry, and imported everywhere else. This fails when one of
 * them is written out again in the source: as an array or a union of its values, in any order.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../db/accounts/validation/users.ts';
import { COSTS, TAG_KINDS } from '../db/catalog/taxonomy.ts';
import { CONTENT_STATUSES } from '../db/catalog/validation/contents.ts';
import { TAG_STATUSES } from '../db/catalog/validation/tags.ts';
import { ERROR_CODES } from '../db/errors.ts';
import { PROGRESS_STATES } from '../db/shelf/validation/progress-states.ts';
import { LIST_KINDS } from '../db/shelf/validation/list-kinds.ts';
import { SUBMISSION_STATUSES } from '../db/submissions/validation/statuses.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each registry: its values, and the module that holds them. */
const REGISTRIES: Array<{ name: string; values: readonly string[]; home: string }> = [
  { name: 'ROLES', values: ROLES, home: 'db/accounts/validation/users.ts' },
  { name: 'COSTS', values: COSTS, home: 'db/catalog/taxonomy.ts' },
  { name: 'TAG_KINDS', values: TAG_KINDS, home: 'db/catalog/taxonomy.ts' },
  { name: 'CONTENT_STATUSES', values: CONTENT_STATUSES, home: 'db/catalog/validation/contents.ts' },
  { name: 'TAG_STATUSES', values: TAG_STATUSES, home: 'db/catalog/validation/tags.ts' },
  { name: 'PROGRESS_STATES', values: PROGRESS_STATES, home: 'db/shelf/validation/progress-states.ts' },
  { name: 'LIST_KINDS', values: LIST_KINDS, home: 'db/shelf/validation/list-kinds.ts' },
  { name: 'SUBMISSION_STATUSES', values: SUBMISSION_STATUSES, home: 'db/submissions/validation/statuses.ts' },
  // Eleven codes: any three of them in a row is a copy.
  { name: 'ERROR_CODES', values: ERROR_CODES.slice(0, 3), home: 'db/errors.ts' },
];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return /\.(ts|tsx|astro)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** The values as string literals one after the other, in any order, joined by commas or bars. */
function copyPattern(values: readonly string[]): RegExp {
  const literal = `['"](?:${values.map((v) => v.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})['"]`;
  // Not a part of a longer list: the access levels 'public' | 'session' | 'user' | 'admin' are not the roles.
  return new RegExp(
    `(?<!['"]\\s*[,|]\\s*)${literal}(?:\\s*[,|]\\s*${literal}){${values.length - 1}}(?!\\s*[,|]\\s*['"])`,
    'g',
  );
}

/** The code without its comments: a comment may name the values it documents. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');

function isPermutation(found: string, values: readonly string[]): boolean {
  const named = [...found.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return new Set(named).size === values.length;
}

describe('the registries', () => {
  const files = ['db', 'site', 'cli'].flatMap(sources);

  it.each(REGISTRIES)('$name is written once, in $home', ({ values, home }) => {
    const copies = files
      .filter((file) => relative(root, join(root, file)) !== home)
      .flatMap((file) =>
        [...withoutComments(readFileSync(join(root, file), 'utf8')).matchAll(copyPattern(values))]
          .filter((match) => isPermutation(match[0], values))
          .map((match) => `${file}: ${match[0]}`),
      );
    expect(copies).toEqual([]);
  });
});
