/** README's configuration list is what db/config.ts describes: every variable, its default and its description. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../db/config.ts';
import { README, readmeWithConfiguration, renderConfiguration } from './config-docs.ts';

describe("README's configuration", () => {
  it('is the list db/config.ts writes (npm run docs:config rewrites it)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(readmeWithConfiguration(readme));
  });

  it('names every variable the configuration reads, each with a description and its default', () => {
    const list = renderConfiguration();
    for (const name of Object.keys(configSchema.shape)) expect(list).toMatch(new RegExp(`^- \`${name}\``, 'm'));
    expect(list).toContain('- `PORT` (default `4321`): ');
    expect(list).toContain('- `RATE_LIMIT_SIGNIN_ACCOUNT` (default `10/900`): ');
    expect(list).toMatch(/^- `SMTP_URL`: /m);
  });

  it('keeps its lines within 120 characters', () => {
    expect(
      renderConfiguration()
        .split('\n')
        .filter((line) => line.length > 120),
    ).toEqual([]);
  });
});
