/** The commit-msg hook (.githooks/commit-msg) lets through a message that reads as history, and nothing else. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const hook = fileURLToPath(new URL('../.githooks/commit-msg', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'commit-msg-'));

function check(message: string): { ok: boolean; said: string } {
  const file = join(folder, 'COMMIT_EDITMSG');
  writeFileSync(file, message);
  const run = spawnSync(hook, [file], { encoding: 'utf8' });
  return { ok: run.status === 0, said: run.stderr };
}

describe('the commit-msg hook', () => {
  it('takes a subject of 72 characters or less in the imperative, a blank line and a body', () => {
    expect(check('Search: rank words matched before bm25\n\nWhy, and the figures: 0.57 → 0.83.\n')).toEqual({
      ok: true,
      said: '',
    });
    expect(check(`${'é'.repeat(72)}\n\nCounted in characters, not bytes.\n`).ok).toBe(true);
  });

  it('ignores the comment lines git adds to the editor', () => {
    expect(check('Add a thing\n\nBecause.\n# Please enter the commit message\n#\n')).toEqual({ ok: true, said: '' });
  });

  it('refuses a subject over 72 characters, saying how long it is', () => {
    const run = check(`${'a'.repeat(73)}\n\nBody.\n`);
    expect(run.ok).toBe(false);
    expect(run.said).toContain('73 characters');
  });

  it('refuses a message without a body, or without the blank line before it', () => {
    expect(check('Add a thing\n').said).toContain('the body is empty');
    expect(check('Add a thing\nBecause.\n').said).toContain('leave the second line blank');
  });

  it('refuses a subject in the past tense or ending with a period', () => {
    expect(check('Search: Added typo matching\n\nWhy.\n').said).toContain('imperative');
    expect(check('Fixed the build\n\nWhy.\n').said).toContain('imperative');
    expect(check('Fix the build.\n\nWhy.\n').said).toContain('ends with a period');
  });

  it("keeps git's own messages: merges, reverts, fixups", () => {
    expect(check("Merge branch 'contract-by-domain'\n").ok).toBe(true);
    expect(check('Revert "Add a thing"\n\nThis reverts commit abc.\n').ok).toBe(true);
    expect(check('fixup! Add a thing\n').ok).toBe(true);
  });
});
