// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

/**
 * `client:engage` (src/lib/client/directives/engage.ts): islands hydrate on a visitor's first pointer, touch, focus or
 * key press inside them, so a visitor who only reads loads no island JavaScript (docs/engineering.md "Islands").
 */
/** @type {import('astro').AstroIntegration} */
const engageDirective = {
  name: 'client-engage',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'engage', entrypoint: './src/lib/client/directives/engage.ts' }),
  },
};

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), engageDirective],
  // The site answers its own forms and API; Astro's origin check would reject HLU's multipart posts.
  security: { checkOrigin: false },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  vite: {
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
  },
});
