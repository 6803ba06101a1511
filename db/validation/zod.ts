/**
 * zod, configured once for every schema. jitless: zod 4 compiles parsers with `new Function`, which the
 * site's Content-Security-Policy forbids in the browser (its probe alone is reported as a violation).
 * Schemas must import z from here, never from 'zod' directly.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
