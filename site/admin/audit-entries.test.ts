import { describe, expect, it } from 'vitest';
import { detailsSummary, shortDateTime, targetView } from './audit-entries.ts';

const entry = (type: string, id: string, exists: boolean, details: Record<string, unknown> | null = null) => ({
  target: { type, id, exists },
  details,
});

describe('an audit entry as the Audit log shows it', () => {
  it('a short time in the reader’s zone', () => {
    const at = new Date(2026, 10, 3, 9, 5, 42);
    expect(shortDateTime(at.toISOString())).toBe('2026-11-03 09:05');
  });

  it('links a target to its admin screen while it exists', () => {
    expect(targetView(entry('submission', 's1', true, { name: 'Python Crash' }))).toEqual({
      noun: 'Submission',
      name: 'Python Crash',
      href: '/admin/submission/s1',
      gone: false,
    });
    expect(targetView(entry('content', 'c1', true)).href).toBe('/admin/content/c1');
    expect(targetView(entry('user', 'u1', true, { email: 'ada@example.com' }))).toMatchObject({
      name: 'ada@example.com',
      href: '/admin/user/u1',
    });
    expect(targetView(entry('tag', 'techStack:c++', true)).href).toBe('/admin/tags?kind=techStack&search=c%2B%2B');
    expect(targetView(entry('review', 'r1', true, { contentId: 'c1', author: 'Grace' }))).toMatchObject({
      name: 'by Grace',
      href: '/admin/reviews?content=c1',
    });
  });

  it('names a tag by its kind and its label, not by its stored key', () => {
    expect(targetView(entry('tag', 'techStack:sveltekit', true, { label: 'SvelteKit' }))).toEqual({
      noun: 'Technology',
      name: 'SvelteKit',
      href: '/admin/tags?kind=techStack&search=sveltekit',
      gone: false,
    });
    const renamed = {
      from: { label: 'Sveltekit', value: 'sveltekit' },
      to: { label: 'SvelteKit', value: 'sveltekit' },
    };
    expect(targetView(entry('tag', 'techStack:sveltekit', true, renamed)).name).toBe('SvelteKit');
    const merged = { from: { label: 'Golang', value: 'golang' }, into: { label: 'Go', value: 'go' }, contents: 4 };
    expect(targetView(entry('tag', 'techStack:go', true, merged))).toMatchObject({ noun: 'Technology', name: 'Go' });
    expect(targetView(entry('tag', 'category:web-development', false))).toEqual({
      noun: 'Subject',
      name: 'web-development',
      gone: true,
    });
  });

  it('says a target is gone, and gives no link for what has no screen', () => {
    expect(targetView(entry('content', 'c1', false, { name: 'Old' }))).toEqual({
      noun: 'Content',
      name: 'Old',
      gone: true,
    });
    expect(targetView(entry('database', 'demo', false))).toEqual({ noun: 'Database', name: 'demo', gone: false });
    expect(targetView(entry('import', 'export.csv', false)).href).toBeUndefined();
  });

  it('sums the details up in one line', () => {
    expect(detailsSummary(null)).toBe('');
    expect(detailsSummary({ name: 'Python Crash', reason: 'spam', count: 3, asSubmissions: false })).toBe(
      'name: Python Crash · reason: spam · count: 3 · asSubmissions: false',
    );
    expect(
      detailsSummary({ from: { label: 'Golang', value: 'golang' }, to: { label: 'Go', value: 'go' }, contents: 4 }),
    ).toBe('from: Golang · to: Go · 4 contents');
    expect(detailsSummary({ label: 'Zig', contents: 1 })).toBe('label: Zig · 1 content');
    expect(detailsSummary({ was: { name: 'Bob', isAdmin: false }, proposedTags: [] })).toBe(
      'was: {name: Bob, isAdmin: false} · proposedTags: none',
    );
    // Ids say nothing to a reader: the target's link already names the record.
    expect(
      detailsSummary({
        contentId: '65f0c1e2a9b8c7d6e5f4a3b2',
        name: 'Python Crash',
        submission: '65f0c1e2a9b8c7d6e5f4a3b3',
      }),
    ).toBe('name: Python Crash');
    expect(detailsSummary({ contentId: '65f0c1e2a9b8c7d6e5f4a3b2' })).toBe('');
    const long = detailsSummary({ comment: 'x'.repeat(500) });
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/^comment: x+…$/);
  });
});
