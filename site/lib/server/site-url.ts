/**
 * Absolute URLs for canonical links, OpenGraph, the sitemap and the feed. Always on the configured origin
 * (PUBLIC_URL, else http://HOST:PORT), never the request's Host header: pages are cached and shared by
 * every visitor, so one request with a forged Host would otherwise plant its host in what all others get.
 */
import { publicUrl } from '#db/config.ts';

/** An absolute URL for a path on this site; absolute URLs (an image on another host) pass through. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl()}/`).toString();
}

/** A URL on this site as a root-relative path (pages link their own files by path); any other URL as is. */
export function sitePath(url: string): string {
  const origin = publicUrl();
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}
