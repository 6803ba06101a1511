// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompressStaticFiles } from './site/server/static-files.ts';

/** Stores the br and gzip copies of the built client files, which the server reads at start (site/server/static-files.ts). */
const precompress = () => {
  /** @type {URL | undefined} */
  let client;
  return {
    name: 'skillshelf:precompress',
    hooks: {
      /** @param {{ config: import('astro').AstroConfig }} options */
      'astro:config:done': ({ config }) => void (client = config.build.client),
      'astro:build:done': async () => {
        if (client) await precompressStaticFiles(fileURLToPath(client));
      },
    },
  };
};

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // SKILLSHELF_DIST lets a second checkout-local build live beside dist/ (parallel test runs); default dist/.
  outDir: process.env.SKILLSHELF_DIST ?? './dist',
  output: 'server',
  // Middleware mode: site/server/ (the front door) owns the HTTP server and serves the built files itself.
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), precompress()],
  // Our sessions live in db/accounts/sessions.ts; Astro's own would be a second, unrelated store.
  session: false,
  security: {
    // Replaced by our own origin check in site/middleware.ts: Astro's refuses bearer-token multipart posts
    // that carry no Origin header, which scripts and other API clients legitimately send.
    checkOrigin: false,
    // Content-Security-Policy, sent as a header by the node adapter: Astro hashes the scripts and styles it
    // emits; nothing else may run, and no other site may frame ours.
    csp: {
      directives: [
        "default-src 'self'",
        // Content images are stored here (db/catalog/pictures.ts): no page makes a visitor's browser ask another site.
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      // <style> and stylesheets: our own, hashed. Style attributes (React's server-rendered style props) may be
      // inline: they cannot run script.
      styleDirective: {
        resources: [
          { resource: "'self'", kind: 'element' },
          { resource: "'unsafe-inline'", kind: 'attribute' },
        ],
      },
    },
  },
  server: { host: process.env.HOST ?? 'localhost', port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [tailwindcss()],
  },
  devToolbar: { enabled: false },
});
