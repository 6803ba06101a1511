/**
 * The addresses of this site that hold a secret: the links mailed with a token in them, which is the key
 * to what they do. Made here, so that what is mailed and what is kept out of sight cannot part ways:
 * such an address is never carried in another (a sign-in link's redirect, site/lib/redirect.ts), never
 * kept by a cache (site/middleware.ts), and never written whole to the log (site/server/log.ts).
 * Imports nothing: the browser's sign-in links use it too. A new mailed link with a token belongs here.
 */

/** A password reset's link (db/accounts/password-resets.ts). */
export const resetPasswordPath = (token: string) => `/reset-password/${token}`;

/** An email verification's link (db/accounts/email-verification.ts). */
export const verifyEmailPath = (token: string) => `/verify-email/${token}`;

/** A weekly digest's unsubscribe link (db/shelf/digest.ts). */
export const unsubscribePath = (token: string) => `/unsubscribe?${new URLSearchParams({ token })}`;

/** Any of these pages, anywhere in a text (a path, a full URL, a query value), in any case. */
const SECRET_PAGE = /\/(?:reset-password\/[^/?#]|verify-email\/[^/?#]|unsubscribe(?:[/?#]|$))/i;

/** How many percent-encodings deep a value is looked into: a redirect inside a redirect is two. */
const MAX_DECODINGS = 4;

/**
 * Whether `text` names a page whose address holds a secret: a path or URL of one, or any value holding
 * one, percent-encoded or not (up to MAX_DECODINGS times).
 */
export function namesSecretPage(text: string): boolean {
  let value = text;
  for (let i = 0; i <= MAX_DECODINGS; i++) {
    if (SECRET_PAGE.test(value)) return true;
    const decoded = decodeOnce(value);
    if (decoded === value) return false;
    value = decoded;
  }
  // Encoded past what any link of ours is: taken as a secret rather than read further.
  return true;
}

function decodeOnce(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
