/**
 * `npm run test:durations -- report.json`: records each test file's time from a Vitest JSON report
 * (`npx vitest run --reporter=json --outputFile=report.json`) into tests/setup/file-durations.json, which the
 * sequencer reads to start the longest files first (tests/setup/sequencer.ts). Run it after a full run when
 * files were added or their times moved a lot; an order a little out of date costs seconds, not failures.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { DURATIONS_FILE } from '../tests/setup/sequencer.ts';

const report = process.argv[2];
if (!report) {
  console.error('usage: npm run test:durations -- <vitest JSON report>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
};
const seconds = Object.fromEntries(
  testResults
    .map(
      (file) => [relative(process.cwd(), file.name), Math.round((file.endTime - file.startTime) / 100) / 10] as const,
    )
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(DURATIONS_FILE, `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files' times written to ${relative(process.cwd(), DURATIONS_FILE)}`);
