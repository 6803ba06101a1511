import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loggablePath } from './log.ts';

describe('paths as the request log writes them', () => {
  it('a reset link keeps its route but not its token', () => {
    expect(loggablePath('/reset-password/abcDEF123')).toBe('/reset-password/[redacted]');
    expect(loggablePath('/reset-password/abcDEF123?x=1')).toBe('/reset-password/[redacted]?x=1');
  });

  it('secret query values are replaced, the rest kept as sent', () => {
    expect(loggablePath('/api/x?token=s3cret&page=2')).toBe('/api/x?token=[redacted]&page=2');
    expect(loggablePath('/signin?password=hunter2&redirect=%2Fsaved')).toBe(
      '/signin?password=[redacted]&redirect=%2Fsaved',
    );
    expect(loggablePath('/x?reset%5Ftoken=abc')).toBe('/x?reset%5Ftoken=[redacted]');
    expect(loggablePath('/search?q=rust&category=web')).toBe('/search?q=rust&category=web');
    expect(loggablePath('/search?q=keyboard+shortcuts')).toBe('/search?q=keyboard+shortcuts');
    expect(loggablePath('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
  });

  it('a query value naming a page whose address holds a secret is replaced, whatever its name', () => {
    expect(loggablePath('/signin?redirect=%2Freset-password%2Fabc')).toBe('/signin?redirect=[redacted]');
    expect(loggablePath('/signin?redirect=%2Funsubscribe%3Ftoken%3Dabc&x=1')).toBe('/signin?redirect=[redacted]&x=1');
    expect(loggablePath('/search?next=/reset-password/abc&q=rust')).toBe('/search?next=[redacted]&q=rust');
    expect(loggablePath('/x?back=https%3A%2F%2Fskillshelf.example%2Freset-password%2Fabc')).toBe('/x?back=[redacted]');
    expect(loggablePath('/x?%2Freset-password%2Fabc')).toBe('/x?[redacted]');
    expect(loggablePath('/signin?redirect=%2Fsaved')).toBe('/signin?redirect=%2Fsaved');
  });

  it('a long target is cut', () => {
    expect(loggablePath(`/search?q=${'a'.repeat(1000)}`).length).toBeLessThanOrEqual(301);
  });
});

describe('an error as the log writes it', () => {
  it('a failed query keeps its SQL and leaves out its values, whoever logs it', () => {
    const secret = 'hash-that-must-not-be-logged';
    // drizzle's error for a failed query, as db/errors.test.ts meets it from a real one (site/ runs no SQL).
    const script = `
      import { log, logError } from ${JSON.stringify(fileURLToPath(new URL('./log.ts', import.meta.url)))};
      const cause = new Error('SQLITE_CONSTRAINT: NOT NULL constraint failed: users.email');
      const error = new Error('Failed query: INSERT INTO users (email, password_hash) VALUES (?, ?)\\nparams: ,${secret}', { cause });
      logError(error);
      log().warn({ err: error }, 'Logged elsewhere');
      log().flush();`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      encoding: 'utf8',
    });
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(['Request failed', 'Logged elsewhere']);
    for (const line of lines) {
      // pino's serializer adds the causes' messages: SQLite's says why.
      expect(line.err.message).toMatch(
        /^Failed query: INSERT INTO users \(email, password_hash\) VALUES \(\?, \?\): SQLITE_CONSTRAINT: NOT NULL/,
      );
      expect(line.err.stack).toMatch(/\n\s+at /);
    }
    expect(run.stdout).not.toContain(secret);
  });
});
