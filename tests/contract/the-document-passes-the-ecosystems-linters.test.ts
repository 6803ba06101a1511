/**
 * Third parties meet our API through its OpenAPI document and their own tools. Linted with Redocly
 * (recommended rules) and Spectral (spectral:oas), the document had 0 and 5 errors: single-element tuples
 * Prism rejected, among others. Both linters now run here, with no network, and the document must give
 * neither an error. Warnings are listed when the test fails, so whoever makes one an error sees them all.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../db/contract/openapi.ts';

const document = JSON.stringify(openApiDocument('https://skillshelf.example'), null, 2);

describe('the OpenAPI document, as the ecosystem’s linters read it', () => {
  it('Redocly (recommended) finds no error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: document, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it('Spectral (spectral:oas) finds no error', async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset(spectralRulesets.oas as never);
    const results = await spectral.run(new spectralCore.Document(document, spectralParsers.Json, 'openapi.json'));
    const errors = results.filter((r) => r.severity === 0).map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`);
    expect(errors).toEqual([]);
  });
});
