/**
 * A cached search page with new counts on its steps of stars, written in place of the old: what a review moves
 * on a list it neither enters, leaves nor reorders (db/catalog/search/step-counts.ts). A render of a search
 * page costs 5–15 ms of CPU; this costs a search and replace over its text. The sidebar marks each option
 * (site/search/FilterOptionItem.astro): `data-filter-option="rating=4" … data-count="N"`, then
 * `data-filter-count>(N)`; a JSON answer holds them in `facets`.
 */
import type { StepCounts } from '#db/catalog/search/step-counts.ts';

/** Where the digits at `from` end, or -1 when there are none. */
function digitsEnd(body: Buffer, from: number): number {
  let at = from;
  while (at < body.length && body[at]! >= 0x30 && body[at]! <= 0x39) at++;
  return at > from ? at : -1;
}

type Edit = [start: number, end: number, text: string];

/**
 * Where each option of `group` is marked in the page (its value → the marker's place), found in one pass over
 * the page; undefined when an option is marked twice.
 */
function optionPlaces(body: Buffer, group: string): Map<string, number> | undefined {
  const prefix = `data-filter-option="${group}=`;
  const places = new Map<string, number>();
  for (let at = body.indexOf(prefix); at >= 0; at = body.indexOf(prefix, at + prefix.length)) {
    const valueEnd = body.indexOf(0x22, at + prefix.length);
    if (valueEnd < 0) return undefined;
    const value = body.toString('utf8', at + prefix.length, valueEnd);
    if (places.has(value)) return undefined;
    places.set(value, at);
  }
  return places;
}

/** Where the option marked at `at` has its two counts (its attribute's digits and its text's), or undefined unless whole. */
function optionCounts(body: Buffer, at: number): [Edit, Edit] | undefined {
  const tagEnd = body.indexOf('>', at);
  const optionEnd = body.indexOf('</a>', at);
  const attribute = body.indexOf(' data-count="', at);
  if (tagEnd < 0 || optionEnd < 0 || attribute < 0 || attribute > tagEnd) return undefined;
  const shown = body.indexOf('data-filter-count>', tagEnd);
  if (shown < 0 || shown > optionEnd) return undefined;
  let open = shown + 'data-filter-count>'.length;
  while (body[open] === 0x20 || body[open] === 0x0a || body[open] === 0x09) open++;
  if (body[open] !== 0x28) return undefined;
  const a = attribute + ' data-count="'.length;
  const aEnd = digitsEnd(body, a);
  const bEnd = digitsEnd(body, open + 1);
  if (aEnd < 0 || body[aEnd] !== 0x22 || bEnd < 0 || body[bEnd] !== 0x29) return undefined;
  return [
    [a, aEnd, ''],
    [open + 1, bEnd, ''],
  ];
}

/** A body with its counts set, and the span of it that may differ from the body before (start and end). */
export interface Patched {
  body: Uint8Array;
  changed: readonly [start: number, end: number];
}

/**
 * The page with each option's count set, or undefined when an option is not found exactly once, whole. Works
 * on the bytes (the markers and digits are ASCII): a pass over the page per group, no decoding.
 */
function patchHtml(body: Buffer, counts: StepCounts): Patched | undefined {
  const edits: Edit[] = [];
  for (const [group, options] of Object.entries(counts)) {
    const places = optionPlaces(body, group);
    if (!places) return undefined;
    for (const [value, count] of Object.entries(options)) {
      const at = places.get(value);
      const found = at === undefined ? undefined : optionCounts(body, at);
      if (!found) return undefined;
      for (const [start, end] of found) edits.push([start, end, String(count)]);
    }
  }
  edits.sort((x, y) => x[0] - y[0]);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const [start, end, text] of edits) {
    parts.push(body.subarray(from, start), Buffer.from(text));
    from = end;
  }
  parts.push(body.subarray(from));
  const patched = Buffer.concat(parts);
  const first = edits[0]?.[0] ?? 0;
  // The bytes after the last edit are the same, and as many.
  const afterLast = body.length - (edits.at(-1)?.[1] ?? 0);
  return { body: patched, changed: [first, patched.length - afterLast] };
}

/** A search's JSON answer with its step counts set, or undefined when it is not one (its text must round-trip). */
function patchJson(text: string, counts: StepCounts): string | undefined {
  let answer: { facets?: Record<string, Record<string, number>> };
  try {
    answer = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (JSON.stringify(answer) !== text || !answer.facets) return undefined;
  for (const [group, options] of Object.entries(counts)) {
    const shown = answer.facets[group];
    if (!shown) return undefined;
    for (const [value, count] of Object.entries(options)) if (value in shown) shown[value] = count;
  }
  return JSON.stringify(answer);
}

/**
 * The body with its step counts set, and where it may differ, or undefined when it cannot be patched (the page
 * is rendered again).
 */
export function patchStepCounts(body: Uint8Array, contentType: string | null, counts: StepCounts): Patched | undefined {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (contentType?.startsWith('text/html')) return patchHtml(bytes, counts);
  if (!contentType?.startsWith('application/json')) return undefined;
  const patched = patchJson(bytes.toString('utf8'), counts);
  if (patched === undefined) return undefined;
  const patchedBytes = Buffer.from(patched);
  return { body: patchedBytes, changed: [0, patchedBytes.length] };
}
