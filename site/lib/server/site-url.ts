/** Absolute URLs for canonical links, OpenGraph, the sitemap and the feed. */
import { config, publicUrl } from '#db/config.ts';

/** The site's public origin: PUBLIC_URL when configured (behind a proxy the request's own host may be internal), else the request's. */
export function siteOrigin(requestUrl: URL): string {
  return config().PUBLIC_URL ? publicUrl() : requestUrl.origin;
}

/** An absolute URL for a path on this site; absolute URLs (an image on another host) pass through. */
export function absoluteUrl(requestUrl: URL, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteOrigin(requestUrl)}/`).toString();
}
