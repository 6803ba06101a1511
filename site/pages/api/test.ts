import { handle } from '#site/lib/server/handle.ts';
import { EXAMPLES } from '#site/lib/test-examples.ts';

/** docs/product.md#the-rest-api's public test call (see site/lib/test-examples.ts for why it lists examples, not accounts). */
export const GET = handle('testExamples', () => EXAMPLES);
