// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // The site answers its own forms and API; Astro's origin check would reject HLU's multipart posts.
  security: { checkOrigin: false },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  vite: {
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
  },
});
