/**
 * What a page makes the browser download: its HTML, the JavaScript it loads (module scripts, island
 * components and renderers, and everything they import statically) and its stylesheets, gzipped.
 *
 *   node scripts/page-weight.ts http://localhost:4321 / /search /content/freecodecamp
 */
import { gzipSync } from 'node:zlib';

/**
 * What a visitor may download, gzipped: the home page's JavaScript, a search or content page's, and any page's CSS.
 * The home page's 17.5 KB hold the cards' Compare picks (1.0 KB), focus returned after signing in (0.9 KB) and the
 * lost-connection banner (0.5 KB) beside the bookmarks, lists and session sync (17,431 bytes measured: the REST
 * client's headers and errors, shared with the calls that stream their progress, took it past 17 KB by 23 bytes).
 * The CSS's 21.5 KB hold the styles of the facts, rating bars, compare table, tag picker and account screens, and
 * the stars of a rating, drawn from one element rather than five inline SVGs in each card's HTML (21,659 bytes
 * measured).
 */
export const PAGE_BUDGETS = {
  home: { js: 17.5 * 1024, css: 21.5 * 1024 },
  catalog: { js: 75 * 1024, css: 21.5 * 1024 },
} as const;

export interface AssetWeight {
  url: string;
  bytes: number;
  gzip: number;
}

export interface PageWeight {
  path: string;
  html: AssetWeight;
  js: AssetWeight[];
  css: AssetWeight[];
  jsGzip: number;
  cssGzip: number;
}

const gzipSize = (text: string) => gzipSync(text).byteLength;

/** The URLs a page's HTML asks for (scripts, island code, stylesheets) and its inline scripts. */
function htmlReferences(html: string): { js: string[]; css: string[]; inlineModules: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const js = new Set<string>();
  const css = new Set<string>();
  const inlineModules: string[] = [];
  for (const [tag, body] of html
    .matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)
    .map((m) => [m[0].slice(0, m[0].indexOf('>') + 1), m[1] ?? ''] as const)) {
    const src = attr(tag, 'src');
    const type = attr(tag, 'type');
    if (src) js.add(src);
    // Inline code counts too (Astro's island bootstrap); data blocks such as JSON-LD do not.
    else if (!type || type === 'module' || type === 'text/javascript') inlineModules.push(body);
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(tag, name);
      if (url) js.add(url.replace(/&amp;/g, '&'));
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (/rel="stylesheet"/.test(tag)) {
      const href = attr(tag, 'href');
      if (href) css.add(href);
    }
  }
  return { js: [...js], css: [...css], inlineModules };
}

/** Static imports of a module (what the browser fetches before running it). */
function staticImports(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
}

export async function measurePage(baseUrl: string, path: string): Promise<PageWeight> {
  const pageUrl = new URL(path, baseUrl);
  const html = await (await fetch(pageUrl)).text();
  const refs = htmlReferences(html);
  const js = new Map<string, AssetWeight>();
  const queue = [
    ...refs.js.map((u) => new URL(u, pageUrl).href),
    ...refs.inlineModules.flatMap((code) => staticImports(code).map((u) => new URL(u, pageUrl).href)),
  ];
  const inlineJs = refs.inlineModules.map((code, i) => ({
    url: `${path}#inline-${i}`,
    bytes: Buffer.byteLength(code),
    gzip: gzipSize(code),
  }));
  while (queue.length) {
    const url = queue.shift()!;
    if (js.has(url)) continue;
    const code = await (await fetch(url)).text();
    js.set(url, { url, bytes: Buffer.byteLength(code), gzip: gzipSize(code) });
    for (const spec of staticImports(code)) queue.push(new URL(spec, url).href);
  }
  const css = await Promise.all(
    refs.css.map(async (href) => {
      const url = new URL(href, pageUrl).href;
      const text = await (await fetch(url)).text();
      return { url, bytes: Buffer.byteLength(text), gzip: gzipSize(text) };
    }),
  );
  const allJs = [...inlineJs, ...js.values()];
  const sum = (list: AssetWeight[]) => list.reduce((total, a) => total + a.gzip, 0);
  return {
    path,
    html: { url: pageUrl.href, bytes: Buffer.byteLength(html), gzip: gzipSize(html) },
    js: allJs,
    css,
    jsGzip: sum(allJs),
    cssGzip: sum(css),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.main) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  if (!baseUrl || paths.length === 0) {
    console.error('Usage: node scripts/page-weight.ts <base-url> <path>...');
    process.exit(2);
  }
  for (const path of paths) {
    const weight = await measurePage(baseUrl, path);
    console.log(
      `${path}  HTML ${kb(weight.html.gzip)}  JS ${kb(weight.jsGzip)} (${weight.js.length} files)  CSS ${kb(weight.cssGzip)}  (gzipped)`,
    );
    for (const asset of [...weight.js, ...weight.css])
      console.log(`  ${kb(asset.gzip).padStart(9)}  ${asset.url.replace(baseUrl, '')}`);
  }
}
