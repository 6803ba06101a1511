/**
 * Best Match's quality on each catalog's judged queries (tests/fixtures/relevance/<catalog>/judgments.json, measured
 * as scripts/bench-relevance-kit.ts does): its mean NDCG@10 may fall at most TOLERANCE below the floor recorded for
 * the catalog in tests/fixtures/relevance/floor.json, so a change that ranks worse fails here rather than at the next
 * bench run. A catalog whose judgments have not landed is skipped, saying so. Rankings only, never time: the peers
 * and the other measures are the bench's (`npm run bench -- --only relevance`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bestMatch,
  CATALOGS,
  catalogDb,
  heldKeys,
  judgmentsPath,
  readJudgments,
  scoreQuery,
  summarize,
} from '../../../scripts/bench-relevance-kit.ts';

/** How far below its floor a catalog's mean NDCG@10 may fall: room for a tie broken the other way, not a lost answer. */
const TOLERANCE = 0.02;
const FLOORS_FILE = 'tests/fixtures/relevance/floor.json';
const floors = JSON.parse(readFileSync(new URL(`../../../${FLOORS_FILE}`, import.meta.url), 'utf8')) as Record<
  string,
  number | null
>;

describe("Best Match's relevance on the judged catalogs", () => {
  for (const catalog of CATALOGS) {
    it(`${catalog}: mean NDCG@10 at most ${TOLERANCE} below its recorded floor`, async (ctx) => {
      const file = judgmentsPath(catalog);
      if (!existsSync(file))
        return ctx.skip(
          `no judgments yet for the ${catalog} catalog (tests/fixtures/relevance/${catalog}/judgments.json)`,
        );
      const judgments = readJudgments(file);
      const { db, documents, close } = await catalogDb(judgments, file);
      try {
        const held = heldKeys(documents);
        const scores = [];
        for (const q of judgments.queries) scores.push(scoreQuery(q, await bestMatch(db, q.query), held));
        const { ndcg } = summarize(scores);
        const floor = floors[catalog];
        expect(
          floor,
          `no floor recorded for the ${catalog} catalog: today's mean NDCG@10 is ${ndcg.toFixed(3)}; record it in ${FLOORS_FILE}`,
        ).toBeTypeOf('number');
        const lowest = scores
          .filter((s) => s.answerable)
          .sort((a, b) => a.ndcg - b.ndcg)
          .slice(0, 5)
          .map((s) => `'${s.query}' ${s.ndcg.toFixed(3)}`);
        expect(
          ndcg,
          `mean NDCG@10 ${ndcg.toFixed(3)} against a floor of ${floor}; lowest: ${lowest.join(', ')}`,
        ).toBeGreaterThanOrEqual(floor! - TOLERANCE);
      } finally {
        close();
      }
    });
  }
});
