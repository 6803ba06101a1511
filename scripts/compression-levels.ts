/**
 * `node scripts/compression-levels.ts <base-url> <path>...`
 *
 * Size and time of each candidate encoding on our own pages, as fetched from a running server: the figures
 * behind docs/decisions/013 (which level the page cache stores, which one dynamic responses get).
 */
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';

type Compress = (body: Buffer) => Buffer;

const CANDIDATES: Array<[string, Compress]> = [
  ['gzip 1', (b) => gzipSync(b, { level: 1 })],
  ['gzip 6', (b) => gzipSync(b, { level: 6 })],
  ['gzip 9', (b) => gzipSync(b, { level: 9 })],
  ['br 1', (b) => brotliCompressSync(b, brotliLevel(b, 1))],
  ['br 4', (b) => brotliCompressSync(b, brotliLevel(b, 4))],
  ['br 6', (b) => brotliCompressSync(b, brotliLevel(b, 6))],
  ['br 9', (b) => brotliCompressSync(b, brotliLevel(b, 9))],
  ['br 11', (b) => brotliCompressSync(b, brotliLevel(b, 11))],
  ['zstd 3', (b) => zstdCompressSync(b, { params: { [constants.ZSTD_c_compressionLevel]: 3 } })],
  ['zstd 9', (b) => zstdCompressSync(b, { params: { [constants.ZSTD_c_compressionLevel]: 9 } })],
  ['zstd 19', (b) => zstdCompressSync(b, { params: { [constants.ZSTD_c_compressionLevel]: 19 } })],
];

function brotliLevel(body: Buffer, quality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  };
}

/** Median milliseconds of `runs` calls. */
function timeOf(run: () => void, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

const [baseUrl, ...paths] = process.argv.slice(2);
if (!baseUrl || paths.length === 0) {
  console.error('Usage: node scripts/compression-levels.ts <base-url> <path>...');
  process.exit(2);
}
const pages = await Promise.all(
  paths.map(
    async (path) =>
      [
        path,
        Buffer.from(
          await (await fetch(new URL(path, baseUrl), { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
        ),
      ] as const,
  ),
);
console.log(
  `| encoding | ${pages.map(([path, body]) => `${path} (${(body.byteLength / 1024).toFixed(1)} KB): KB, ms`).join(' | ')} |`,
);
console.log(`|---|${pages.map(() => '---:').join('|')}|`);
for (const [name, compress] of CANDIDATES) {
  const cells = pages.map(([, body]) => {
    const size = compress(body).byteLength;
    const ms = timeOf(() => compress(body), name.endsWith(' 11') || name.endsWith(' 19') ? 5 : 25);
    return `${(size / 1024).toFixed(1)}, ${ms.toFixed(2)}`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
