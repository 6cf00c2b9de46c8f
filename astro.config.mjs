// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { precompressFolder } from './src/lib/server/http/server/precompress.ts';
import { pruneOpenProps } from './src/lib/build/prune-open-props.ts';

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

/**
 * Enhancers (src/lib/client/enhance/enhancer.ts): islands without a framework, for the menus whose HTML already
 * works and whose first tap must stay light (the series and user menus, the statistics navigation).
 */
/** @type {import('astro').AstroIntegration} */
const enhancers = {
  name: 'hss-enhancers',
  hooks: {
    'astro:config:setup': ({ addRenderer }) =>
      addRenderer({
        name: 'hss:enhance',
        serverEntrypoint: './src/lib/build/enhance-renderer.ts',
        clientEntrypoint: './src/lib/client/enhance/client.ts',
      }),
  },
};

/**
 * The hashed assets are compressed once at build time (brotli and gzip files beside them), for the site server to
 * send as they are (src/lib/server/http/server/static-assets.ts).
 */
/** @type {import('astro').AstroIntegration} */
const precompressAssets = {
  name: 'precompress-assets',
  hooks: {
    'astro:build:done': ({ dir, logger }) => {
      const count = precompressFolder(fileURLToPath(new URL('_astro/', dir)));
      logger.info(`compressed ${count} assets (brotli and gzip)`);
    },
  },
};

/**
 * No module-preload helper in the browser's build: every island that loads the API client lazily
 * (src/lib/client/lazy-api.ts) would carry it in its first tap, about 1 KB brotli of a budget of 65 (ui.md
 * "Budget"). Astro sets the option for the client build itself, so a plugin sets it after.
 */
/** @type {import('vite').Plugin} */
const noModulePreload = {
  name: 'hss-no-module-preload',
  configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
};

/**
 * The server's own modules (`#lib/server/*`) stay outside the server bundle: the site server (scripts/serve.ts) and
 * the built pages then share one copy of them, so the process holds one database, one change feed and one set of
 * caches without anchoring them on globalThis (src/lib/server/app.ts).
 */
/** @type {import('vite').Plugin} */
const serverModulesOnce = {
  name: 'hss-server-modules-once',
  apply: 'build',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name !== 'client',
  resolveId: (source) => (source.startsWith('#lib/server/') ? { id: source, external: true } : null),
};

export default defineConfig({
  output: 'server',
  // Pages are rendered whole and sent in one write: every page loads its data before its first byte anyway, and a
  // streamed page went out in hundreds of small socket writes (writev was 13 % of the server's CPU on the team page).
  // Middleware mode: the site server answers the build's files from memory (static-assets.ts) and hands the adapter
  // only what it must render, which a standalone adapter would first look for on the disk (stat) as a file.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Islands are rendered with renderToString: the streamed render read each island through a web stream and a
  // TextDecoder, twice (Astro's renderer check renders it too), a fixed cost of every page. Same HTML; islands must
  // not use useId (renderToString takes no identifier prefix; docs/engineering.md "Islands").
  integrations: [react({ experimentalDisableStreaming: true }), enhancers, engageDirective, precompressAssets],
  // The site answers its own forms and API; Astro's origin check would reject HLU's multipart posts.
  security: { checkOrigin: false },
  // Every page carries its CSS in a <style> (a few KB compressed once the unused open-props are pruned): a phone
  // opening a link from Discord paints after one round trip instead of waiting for several stylesheets.
  build: { inlineStylesheets: 'always' },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  vite: {
    build: { assetsInlineLimit: 0 },
    plugins: [noModulePreload, serverModulesOnce],
    css: { postcss: { plugins: [pruneOpenProps({ srcDir: fileURLToPath(new URL('./src', import.meta.url)) })] } },
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
  },
});
