/**
 * The headers every response of ours carries (the Content-Security-Policy comes with each page from Astro).
 * Shared by the middleware and the server's front door (site/server/front-door.ts), which answers cached
 * pages, built files and refusals without passing through the middleware.
 */
import { config } from '#db/config.ts';

const ALWAYS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } as const;

/** HSTS only when the site is reached over https (directly, or PUBLIC_URL behind a proxy that ends TLS). */
export function securityHeaders(protocol: string): Record<string, string> {
  const https = protocol === 'https:' || (config().PUBLIC_URL ?? '').startsWith('https:');
  return https ? { ...ALWAYS, ...HSTS } : { ...ALWAYS };
}
