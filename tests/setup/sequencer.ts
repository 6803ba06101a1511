/**
 * The order test files are handed to the workers in. Vitest's own runs each project's files in one block, by
 * project name; here the projects that mostly wait (the 100k catalog being made, CLI processes, the servers)
 * start first, so the two workers stay busy beside them and the quick in-process files fill the gaps at the end.
 * Within a project, the base order stands: failed first, then longest (or largest) first.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const FIRST = ['scale', 'cli', 'sqld', 'api', 'security', 'contract', 'unit'];

function rank(spec: TestSpecification): number {
  const index = FIRST.indexOf(spec.project.name);
  return index === -1 ? FIRST.length : index;
}

export class ProjectsWaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the base order stays within each project.
    return sorted.sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b));
  }
}
