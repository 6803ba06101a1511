/**
 * docs/architecture.md's import boundaries, checked on every test run: db/ never reaches into the web or the
 * CLI; inside db/ the domain rooms call each other one way only (ROOMS below) and no module imports itself
 * back; pages, endpoints and CLI commands leave SQL to the services in db/; and browser code (islands,
 * stores, browser lib) reaches db/ only for validation, taxonomy, facets, URL and image rules (modules that
 * import nothing but zod) and the types of the API's shapes (db/contract/shapes.ts and each room's
 * db/<room>/contract.ts, imported with `import type`, so the bundle carries no schema). The production
 * server (site/server/) is below the Astro code: the
 * middleware and endpoints may use its rules (the visitor rule, the page cache, the request gate), but it
 * imports nothing else of site/ and loads Astro only as the built entry, so the two cannot depend on each
 * other both ways; browser code never reaches it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
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
  // A statement starts a line (a comment's "import" does not); a dynamic import may sit anywhere.
  return [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm),
  ].map((m) => m[1] ?? m[2]!);
}

/** Each import of a file, and whether it is for types only (`import type …`, `export type … from`). */
function importStatements(file: string): Array<{ specifier: string; typeOnly: boolean }> {
  const source = readFileSync(join(root, file), 'utf8');
  return [
    ...source.matchAll(
      /^\s*(?:import|export)(\s+type)?\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => ({ specifier: (m[2] ?? m[3] ?? m[4])!, typeOnly: m[1] !== undefined }));
}

function violations(dir: string, forbidden: (specifier: string, file: string) => boolean): string[] {
  return files(dir).flatMap((file) =>
    imports(file)
      .filter((s) => forbidden(s, file))
      .map((s) => `${relative(root, join(root, file))} imports ${s}`),
  );
}

/**
 * The rooms of db/ (docs/architecture.md) and the rooms each may import. The ground floor (db/*.ts, the
 * validation kit in db/validation/, crypto/, outbound/) imports no room, except the indexes that gather
 * them: db/schema.ts (each room's schema.ts), db/background-jobs.ts (each room's jobs.ts) and
 * db/contract/operations.ts (each room's part of the API's contract: contract.ts, admin-contract.ts…); the rest
 * of db/contract/, the kit every room's contract uses, reads only the taxonomy and the facets. A room's contract
 * imports another room's as its code does: as ROOMS says. Tests may import across rooms: they check behaviour,
 * not layering.
 */
const ROOMS: Record<string, readonly string[]> = {
  crypto: [],
  outbound: [],
  operations: [],
  accounts: ['crypto', 'operations'],
  catalog: ['accounts', 'operations', 'outbound'],
  links: ['accounts', 'catalog', 'operations', 'outbound'],
  reviews: ['accounts', 'catalog', 'operations'],
  shelf: ['accounts', 'catalog', 'crypto', 'operations'],
  submissions: ['accounts', 'catalog', 'operations', 'outbound'],
  discovery: ['catalog', 'operations'],
  'account-data': ['accounts', 'catalog', 'discovery', 'links', 'operations', 'reviews', 'shelf', 'submissions'],
  imports: ['catalog', 'operations', 'outbound', 'shelf', 'submissions'],
  reports: ['catalog', 'links', 'operations'],
  maintenance: ['catalog', 'crypto', 'operations'],
};

const roomOf = (file: string): string | undefined => {
  const [top, room] = file.split('/');
  return top === 'db' && room !== undefined && room in ROOMS ? room : undefined;
};

/**
 * The features of site/ (docs/architecture.md), each a folder mirroring a room of db/, and the features each
 * may import. Pages, layouts and the middleware compose features; the shared layers (generic helpers, the UI
 * kit, the stores, the web glue and the production server) import none.
 */
const FEATURES: Record<string, readonly string[]> = {
  session: [],
  search: [],
  shelf: ['session'],
  // A content's card carries the learner's controls: save, progress, add to a list.
  content: ['shelf'],
  reviews: [],
  submissions: [],
  admin: [],
};
const SHARED_LAYERS = ['lib', 'ui', 'stores', 'server', 'styles', 'public'];
const COMPOSERS = ['pages', 'layouts'];

/** The folder of site/ a file sits in ('middleware.ts' for a file at its top). */
const siteFolderOf = (file: string): string => file.split('/')[1]!;

/** The file of site/ an import names, or undefined when it names none. */
function siteTarget(file: string, specifier: string): string | undefined {
  const target = specifier.startsWith('#site/')
    ? specifier.slice(1)
    : specifier.startsWith('.')
      ? normalize(join(dirname(file), specifier))
      : '';
  return target.startsWith('site/') ? target : undefined;
}

/** The modules the browser runs: TypeScript of the features, the UI kit, the stores and the browser helpers. */
const browserCode = (): string[] =>
  [...Object.keys(FEATURES), 'ui', 'stores', 'lib']
    .flatMap((folder) => files(`site/${folder}`))
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('site/lib/server/'));

/** db/'s own modules (tests aside) and the db/ modules each imports by a relative path. */
function dbImports(): Map<string, string[]> {
  const modules = files('db').filter((f) => !f.endsWith('.test.ts'));
  return new Map(
    modules.map((f) => [
      f,
      imports(f)
        .filter((s) => s.startsWith('.'))
        .map((s) => normalize(join(dirname(f), s)))
        .filter((t) => t.startsWith('db/')),
    ]),
  );
}

/** The API's shapes: the contract's kit (db/contract/shapes.ts) and each room's part (db/<room>/contract.ts, admin-contract.ts…). */
const contractModule = /(#db\/|\/db\/)(contract\/(shapes|operations)|[\w-]+\/([\w-]+-)?contract)\.ts$/;

describe('import boundaries', () => {
  it('the rooms of db/ call each other one way only, as ROOMS says', () => {
    const wrong = [...dbImports()].flatMap(([file, targets]) =>
      targets
        .filter((target) => {
          const from = roomOf(file);
          const to = roomOf(target);
          if (to === undefined || from === to) return false;
          if (from !== undefined) return !ROOMS[from]!.includes(to);
          if (file === 'db/schema.ts') return !target.endsWith('/schema.ts');
          if (file === 'db/background-jobs.ts')
            return !target.endsWith('/jobs.ts') && !target.endsWith('/background-loop.ts');
          if (file === 'db/contract/operations.ts') return !/\/([\w-]+-)?contract\.ts$/.test(target);
          if (file.startsWith('db/contract/')) return !/\/(taxonomy|facets)\.ts$/.test(target);
          return true;
        })
        .map((target) => `${file} imports ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the rooms form no loop, and no module of db/ imports itself back', () => {
    const visiting = (room: string, seen: string[]): string[] =>
      seen.includes(room)
        ? [[...seen, room].join(' → ')]
        : ROOMS[room]!.flatMap((next) => visiting(next, [...seen, room]));
    expect(Object.keys(ROOMS).flatMap((room) => visiting(room, []))).toEqual([]);

    const graph = dbImports();
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) walk(next, [...path, next]);
      }
      state.set(file, 'done');
    };
    for (const file of graph.keys()) if (!state.has(file)) walk(file, [file]);
    expect(cycles).toEqual([]);
  });

  it('db/ never imports astro, site/ or cli/', () => {
    expect(
      violations('db', (s) => /^astro/.test(s) || /^#(site|cli)\//.test(s) || /^(\.\.\/)+(site|cli)\//.test(s)),
    ).toEqual([]);
  });

  it('browser code reaches db/ only for validation, taxonomy, URL and image rules, and the API shapes', () => {
    const allowed = /(#db\/|\/db\/)((\w+\/)?validation\/[\w-]+|catalog\/(taxonomy|facets|urls|images))\.ts$/;
    const bad = browserCode().flatMap((f) =>
      imports(f)
        .filter((s) => (s.startsWith('#db/') || s.includes('/db/')) && !allowed.test(s) && !contractModule.test(s))
        .map((s) => `${f} imports ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it('browser code imports the API shapes for their types only, so the bundle carries no schema', () => {
    const bad = browserCode().flatMap((f) =>
      importStatements(f)
        .filter(({ specifier, typeOnly }) => contractModule.test(specifier) && !typeOnly)
        .map(({ specifier }) => `${f} imports ${specifier} not with import type`),
    );
    expect(bad).toEqual([]);
  });

  it('the features of site/ import each other one way only, as FEATURES says; its shared layers import no feature', () => {
    const wrong = files('site').flatMap((file) => {
      const from = siteFolderOf(file);
      return imports(file)
        .map((s) => siteTarget(file, s))
        .filter((target): target is string => target !== undefined)
        .filter((target) => {
          const to = siteFolderOf(target);
          if (to === from || !(to in FEATURES)) return false;
          if (from in FEATURES) return !FEATURES[from]!.includes(to);
          return SHARED_LAYERS.includes(from);
        })
        .map((target) => `${file} imports ${target}`);
    });
    expect(wrong).toEqual([]);

    const visiting = (feature: string, seen: string[]): string[] =>
      seen.includes(feature)
        ? [[...seen, feature].join(' → ')]
        : FEATURES[feature]!.flatMap((next) => visiting(next, [...seen, feature]));
    expect(Object.keys(FEATURES).flatMap((feature) => visiting(feature, []))).toEqual([]);
    const folders = readdirSync(join(root, 'site')).filter((name) => statSync(join(root, 'site', name)).isDirectory());
    expect(
      folders.filter((name) => !(name in FEATURES) && !SHARED_LAYERS.includes(name) && !COMPOSERS.includes(name)),
    ).toEqual([]);
  });

  it('the production server (site/server/) imports nothing of site/ outside it, nor astro; browser code never imports it', () => {
    const outside = (s: string) =>
      /^astro/.test(s) || (/^#site\//.test(s) && !s.startsWith('#site/server/')) || /^\.\.\//.test(s);
    const fromBrowser = browserCode().flatMap((f) =>
      imports(f)
        .filter((s) => /(#site\/|\/)server\//.test(s) && !s.includes('lib/server'))
        .map((s) => `${f} imports ${s}`),
    );
    expect([...violations('site/server', outside), ...fromBrowser]).toEqual([]);
  });

  it("site/ names the REST API's addresses only through the client: no '/api/…' path is spelt out", () => {
    const spelt = files('site')
      .filter(
        (f) => !f.startsWith('site/pages/api/') && !f.startsWith('site/server/') && f !== 'site/lib/api-routes.ts',
      )
      .flatMap((f) =>
        readFileSync(join(root, f), 'utf8')
          .split('\n')
          .filter((line) => /['"`]\/api\/[\w$]/.test(line) && !/^\s*(\*|\/\/|\/\*)/.test(line))
          .map((line) => `${f}: ${line.trim()}`),
      );
    expect(spelt).toEqual([]);
  });

  it('only cli/prompts imports inquirer', () => {
    const all = ['db', 'site', 'cli'].flatMap((d) =>
      violations(d, (s, file) => s.startsWith('@inquirer/') && !file.startsWith('cli/prompts/')),
    );
    expect(all).toEqual([]);
  });

  it('validation schemas take zod from db/validation/zod.ts (configured for the CSP)', () => {
    const validationDirs = [
      'db/validation',
      ...Object.keys(ROOMS)
        .map((room) => `db/${room}/validation`)
        .filter((dir) => existsSync(join(root, dir))),
    ];
    expect(
      validationDirs.flatMap((dir) =>
        violations(
          dir,
          (s, file) =>
            s === 'zod' &&
            !file.endsWith('zod.ts') &&
            !/import type/.test(
              readFileSync(join(root, file), 'utf8')
                .split('\n')
                .find((l) => l.includes("'zod'")) ?? '',
            ),
        ),
      ),
    ).toEqual([]);
  });

  it('pages and endpoints run no SQL of their own', () => {
    expect(violations('site', (s) => /^drizzle-orm|^@libsql\//.test(s) || /#db\/schema(\.ts$|\/)/.test(s))).toEqual([]);
  });

  it('CLI commands run no SQL of their own: no drizzle, no libSQL client, no schema, not even its types', () => {
    // As in site/: the types of what a service returns come from the service (or db/catalog/taxonomy.ts).
    expect(
      violations('cli', (s) => /^drizzle-orm|^@libsql\//.test(s) || /(^#db\/|\/db\/)schema(\.ts$|\/)/.test(s)),
    ).toEqual([]);
  });
});
