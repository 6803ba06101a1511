/**
 * The names of the cookies the site sets (site/lib/server/cookies.ts sets and clears them): here, where the
 * production server, which imports nothing of site/ outside site/server/, can read them too.
 */
export const SESSION_COOKIE = 'session';
export const SIGNED_IN_COOKIE = 'signed_in';
export const DEVICE_COOKIE = 'device';
