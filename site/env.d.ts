/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, from the session cookie or a bearer token; null for a visitor. */
    user: import('#db/services/sessions.ts').SessionUser | null;
    /** The session behind `user`, and the raw token it came with (so profile updates can return it). */
    session: { id: string; token: string; via: 'cookie' | 'bearer' } | null;
    /** A catalog page, made once for everyone: rendered without the session (user is null), painted in the browser. */
    shared: boolean;
  }
}
