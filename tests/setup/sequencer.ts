/**
 * The order test files are handed to the workers in. Vitest's own runs each project's files in one block, by
 * project name; here the projects that mostly wait (the 100k catalog being made, CLI processes, the servers)
 * start first, so the two workers stay busy beside them and the quick in-process files fill the gaps at the end.
 * Within a project, the longest files start first, by the times recorded in file-durations.json (a clean
 * checkout has no Vitest cache to know them from, and its fallback, the largest file first, started the
 * longest browser file last and left one worker idle for minutes); files not recorded yet start before them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = fileURLToPath(new URL('./file-durations.json', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const FIRST = [
  'scale',
  'cli',
  'sqld',
  'api',
  'security',
  'security-under-load',
  'contract',
  'unit',
  'process-database',
];

function rank(spec: TestSpecification): number {
  const index = FIRST.indexOf(spec.project.name);
  return index === -1 ? FIRST.length : index;
}

const recorded: Record<string, number> = existsSync(DURATIONS_FILE)
  ? JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'))
  : {};
/** A file not recorded yet counts as longer than any: a new file is started early, as Vitest starts one it does not know. */
const UNRECORDED = 1e9;
const duration = (spec: TestSpecification) => recorded[relative(ROOT, spec.moduleId)] ?? UNRECORDED;

export class ProjectsWaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the base order stands among files of the same recorded time.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        duration(b) - duration(a),
    );
  }
}
