/**
 * zod, configured once for every schema. jitless: zod 4 compiles parsers with `new Function`, which the
 * site's Content-Security-Policy forbids in the browser (its probe alone is reported as a violation).
 * Schemas must import z from here, never from 'zod' directly.
 */
import { z } from 'zod';
import { cleanText } from './text.ts';

z.config({ jitless: true });

export { z };

/**
 * A one-line text field (names, emails, slugs, URLs): invisible and control characters removed, tabs and
 * line breaks turned into spaces, trimmed — before the min/max checks chained after it, so "required"
 * means something visible. `error` is the message for a value that is not a string.
 */
export const singleLine = (error: string) => z.string({ error }).overwrite((value) => cleanText(value));

/** A multi-line text field (descriptions, review comments): as singleLine, but tabs and line breaks stay. */
export const multiLine = (error: string) =>
  z.string({ error }).overwrite((value) => cleanText(value, { multiline: true }));
