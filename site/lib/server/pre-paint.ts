/** The CSP hash of every page's inline head script (site/lib/session-paint.ts), taken of the very text sent. */
import { createHash } from 'node:crypto';
import { PRE_PAINT_SCRIPT } from '#site/lib/session-paint.ts';

export const PRE_PAINT_HASH = `sha256-${createHash('sha256').update(PRE_PAINT_SCRIPT).digest('base64')}` as const;
