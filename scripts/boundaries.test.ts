/**
 * ARCHITECTURE.md's import boundaries, checked on every test run: db/ never reaches into the web or the CLI,
 * pages, endpoints and CLI commands leave SQL to db/services, and browser code (islands, stores, browser lib)
 * reaches db/ only for validation, taxonomy, URL and image rules and the API's shapes (db/contract/shapes.ts):
 * modules that import nothing but zod. The production server (site/server/) is below the Astro code: the
 * middleware and endpoints may use its rules (the visitor rule, the page cache, the request gate), but it
 * imports nothing else of site/ and loads Astro only as the built entry, so the two cannot depend on each
 * other both ways; browser code never reaches it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? files(path) : /\.(ts|tsx|astro|mjs)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  return [...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
}

function violations(dir: string, forbidden: (specifier: string, file: string) => boolean): string[] {
  return files(dir).flatMap((file) => imports(file).filter((s) => forbidden(s, file)).map((s) => `${relative(root, join(root, file))} imports ${s}`));
}

describe('import boundaries', () => {
  it('db/ never imports astro, site/ or cli/', () => {
    expect(violations('db', (s) => /^astro/.test(s) || /^#(site|cli)\//.test(s) || /^(\.\.\/)+(site|cli)\//.test(s))).toEqual([]);
  });

  it('browser code reaches db/ only for validation, taxonomy, URL and image rules, and the API shapes', () => {
    const allowed = /(#db\/|\/db\/)(validation\/[\w-]+|taxonomy|urls|images|contract\/shapes)\.ts$/;
    const browserDirs = ['site/islands', 'site/stores'];
    const browserLib = files('site/lib').filter((f) => !f.includes('/server/'));
    const bad = [
      ...browserDirs.flatMap((d) => violations(d, (s) => (s.startsWith('#db/') || s.includes('/db/')) && !allowed.test(s))),
      ...browserLib.flatMap((f) => imports(f).filter((s) => (s.startsWith('#db/') || s.includes('/db/')) && !allowed.test(s)).map((s) => `${f} imports ${s}`)),
    ];
    expect(bad).toEqual([]);
  });

  it('the production server (site/server/) imports nothing of site/ outside it, nor astro; browser code never imports it', () => {
    const outside = (s: string) => /^astro/.test(s) || (/^#site\//.test(s) && !s.startsWith('#site/server/')) || /^\.\.\//.test(s);
    const browserCode = [...files('site/islands'), ...files('site/stores'), ...files('site/lib').filter((f) => !f.includes('/server/'))];
    const fromBrowser = browserCode.flatMap((f) => imports(f).filter((s) => /(#site\/|\/)server\//.test(s) && !s.includes('lib/server')).map((s) => `${f} imports ${s}`));
    expect([...violations('site/server', outside), ...fromBrowser]).toEqual([]);
  });

  it('only cli/prompts imports inquirer', () => {
    const all = ['db', 'site', 'cli'].flatMap((d) => violations(d, (s, file) => s.startsWith('@inquirer/') && !file.startsWith('cli/prompts/')));
    expect(all).toEqual([]);
  });

  it('validation schemas take zod from db/validation/zod.ts (configured for the CSP)', () => {
    expect(violations('db/validation', (s, file) => s === 'zod' && !file.endsWith('zod.ts') && !/import type/.test(readFileSync(join(root, file), 'utf8').split('\n').find((l) => l.includes("'zod'")) ?? ''))).toEqual([]);
  });

  it('pages and endpoints run no SQL of their own', () => {
    expect(violations('site', (s) => /^drizzle-orm|^@libsql\//.test(s) || /#db\/schema(\.ts$|\/)/.test(s))).toEqual([]);
  });

  it('CLI commands run no SQL of their own: no drizzle, no libSQL client, no schema, not even its types', () => {
    // As in site/: the types of what a service returns come from the service (or db/taxonomy.ts).
    expect(violations('cli', (s) => /^drizzle-orm|^@libsql\//.test(s) || /(^#db\/|\/db\/)schema(\.ts$|\/)/.test(s))).toEqual([]);
  });
});
