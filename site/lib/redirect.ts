/** A redirect target from a query string, only if it stays on this site; otherwise the fallback. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

export const signInUrl = (redirect: string) => `/signin?redirect=${encodeURIComponent(redirect)}`;
