/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, from the session cookie or a bearer token; null for a visitor. */
    user: import('#db/accounts/sessions.ts').SessionUser | null;
    /** The session behind `user`, and the raw token it came with (so profile updates can return it). */
    session: { id: string; token: string; via: 'cookie' | 'bearer' } | null;
    /**
     * A sign-in that passed the password and waits for its second factor ('verify') or, for an admin where it
     * is required, its setup ('setup'): not signed in (user is null); only the two-factor endpoints read it.
     */
    pendingSignIn?: {
      user: import('#db/accounts/sessions.ts').SessionUser;
      session: { id: string; token: string; via: 'cookie' | 'bearer' };
      needs: 'verify' | 'setup';
    } | null;
    /** A catalog page, made once for everyone: rendered without the session (user is null), painted in the browser. */
    shared: boolean;
    /** Who asks and over what (site/server/client.ts: TRUST_PROXY decides whether a proxy's headers count). */
    client: import('#site/server/client.ts').Client;
    /** The request's id (X-Request-Id), set by the front door; in the log lines and the response. */
    requestId?: string;
    /** The route that answered (Astro's routePattern), for the request log and the metrics. */
    route?: string;
    /** What the page cache asks of a content page: its reviews alone (site/server/page-parts.ts). */
    pagePart?: import('#site/server/page-parts.ts').PagePart;
  }
}
