// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  // SKILLSHELF_DIST lets a second checkout-local build live beside dist/ (parallel test runs); default dist/.
  outDir: process.env.SKILLSHELF_DIST ?? './dist',
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Our sessions live in db/services/sessions.ts; Astro's own would be a second, unrelated store.
  session: false,
  security: {
    // Replaced by our own origin check in site/middleware.ts: Astro's refuses bearer-token multipart posts
    // that carry no Origin header, which scripts and other API clients legitimately send.
    checkOrigin: false,
  },
  server: { host: process.env.HOST ?? 'localhost', port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [tailwindcss()],
  },
  devToolbar: { enabled: false },
});
