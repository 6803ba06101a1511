import { config } from '#db/config.ts';

/** When a session opened now ends (the cookie's expiry matches the database row's). */
export const sessionExpiry = () => new Date(Date.now() + config().SESSION_DAYS * 24 * 60 * 60 * 1000);
