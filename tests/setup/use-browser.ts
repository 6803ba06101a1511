/**
 * A test file's browser in one line, as `useServer` gives its server: `const browser = useBrowser()` launches
 * (or takes the worker's shared) Chromium before the file's tests (beforeAll, registered where it is called)
 * and closes the file's contexts after them. `browser` can be passed on at once and used inside hooks and tests.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { browserLogSince, launchBrowser } from './browser.ts';
import { reportBesideFailure } from './failure-report.ts';

export function useBrowser(): Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  // What the browser met during a failed test (errors, refused requests, a crash), beside it.
  let testStarted = 0;
  beforeEach(() => {
    testStarted = Date.now();
  });
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    reportBesideFailure(task, 'What the browser met', browserLogSince(testStarted));
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched) throw new Error('useBrowser: the browser is launched in beforeAll; use it inside hooks and tests');
      const value: unknown = Reflect.get(launched, key);
      return typeof value === 'function' ? value.bind(launched) : value;
    },
  });
}
