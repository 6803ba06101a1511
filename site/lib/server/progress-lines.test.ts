/**
 * A long operation's answer: lines for a caller that asks for them, a plain answer for any other, a plain
 * error for what fails before the first step, and an `{error}` line for what fails after it.
 */
import { describe, expect, it } from 'vitest';
import { conflict } from '#db/errors.ts';
import { withProgressLines } from './progress-lines.ts';

const asking = (accept = 'application/x-ndjson, application/json') =>
  new Request('http://localhost/api/tags/1', { method: 'PUT', headers: { accept } });

async function linesOf(answer: unknown): Promise<Array<Record<string, unknown>>> {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  return (await response.text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('an answer that streams its steps', () => {
  it('sends each step, then the result, to a caller that accepts the lines', async () => {
    const answer = await withProgressLines(asking(), async (report) => {
      report('moving', 0, 2);
      await new Promise((resolve) => setTimeout(resolve, 60));
      report('moving', 2, 2);
      return { moved: 2 };
    });
    expect(await linesOf(answer)).toEqual([
      { phase: 'moving', done: 0, total: 2 },
      { phase: 'moving', done: 2, total: 2 },
      { result: { moved: 2 } },
    ]);
  });

  it('sends a failure after the first step as an error line with its status and message', async () => {
    const answer = await withProgressLines(asking(), async (report) => {
      report('moving', 0, 5);
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw conflict('The tag was changed meanwhile');
    });
    expect(await linesOf(answer)).toEqual([
      { phase: 'moving', done: 0, total: 5 },
      { error: expect.objectContaining({ status: 409, message: 'The tag was changed meanwhile' }) },
    ]);
  });

  it('throws a failure before the first step, to be answered with its own status', async () => {
    await expect(
      withProgressLines(asking(), async () => {
        throw conflict('Another tag is being renamed or merged: try again in a moment');
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('answers work done without a step, and any caller that did not ask for lines, plainly', async () => {
    expect(await withProgressLines(asking(), async () => ({ status: 'retired' }))).toEqual({ status: 'retired' });
    const steps: number[] = [];
    const plain = await withProgressLines(asking('application/json'), async (report) => {
      report('moving', 0, 1);
      steps.push(0);
      return { moved: 1 };
    });
    expect(plain).toEqual({ moved: 1 });
    expect(steps).toEqual([0]);
  });

  it('sends at most a line each 50 ms within a phase, but every change of phase and the last step', async () => {
    const answer = await withProgressLines(asking(), async (report) => {
      for (let done = 0; done < 100; done++) report('matching', done, 100);
      report('matching', 100, 100);
      report('saving', 0, 10);
      return {};
    });
    expect((await linesOf(answer)).map((line) => `${line.phase ?? 'result'} ${line.done ?? ''}`)).toEqual([
      'matching 0',
      'matching 100',
      'saving 0',
      'result ',
    ]);
  });
});
