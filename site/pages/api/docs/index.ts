/**
 * The API reference page: Swagger UI (swagger-ui-dist, served from our own node_modules: no CDN) reading
 * /api/openapi.json. Not an Astro page, so it carries its own Content-Security-Policy, as strict as the
 * renderer allows: its scripts are files of ours, and only its style attributes are inline.
 */
import { endpoint } from '#site/lib/server/endpoint.ts';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skillshelf REST API reference</title>
<meta name="description" content="The Skillshelf REST API: every operation, its parameters and answers, with examples.">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><p>Loading the API reference… It needs JavaScript; the document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const GET = endpoint(
  async () =>
    new Response(PAGE, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': CSP,
        'cache-control': 'public, max-age=300',
      },
    }),
);
