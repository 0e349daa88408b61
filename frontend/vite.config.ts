/// <reference types="vitest/config" />
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { writeCompressedTwins } from './scripts/compress.mjs';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the client build so a static server can send
 * them as they are (@fastify/static `preCompressed: true`): the page's ~550 KB of JavaScript travels as
 * ~150 KB without compressing on every request. The prerendered pages get theirs from scripts/prerender.mjs.
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'redpen:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!ssr) writeCompressedTwins(outDir);
    },
  };
}

/**
 * The static pages' islands (src/islands/<name>.ts): entries of their own beside index.html, so a page loads just
 * the ones its HTML marks (scripts/prerender.mjs reads the build manifest to link them).
 */
const ISLANDS_DIR = fileURLToPath(new URL('./src/islands', import.meta.url));
const islandEntries = Object.fromEntries(
  readdirSync(ISLANDS_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => [`island-${basename(file, '.ts')}`, join(ISLANDS_DIR, file)]),
);

const API_TARGET = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    // Must run before react(): it generates src/routeTree.gen.ts and splits each route's component.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too (the default splits components only): a loader that prefetches with TanStack Query
      // would otherwise put the query library in the route tree, i.e. on every page. A route's pending
      // placeholder travels with its component (the router loads both together): left in the route tree, the
      // signed-in groups' placeholders (each its dashboard layout, socket provider and live-update hooks) were
      // in the start-up chunk of every page, every role's.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      // Tests may sit beside route files without becoming routes.
      routeFileIgnorePattern: '\\.test\\.tsx?$',
    }),
    react(),
    precompress(),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      // socket.io lives under /api/socket.io, so one entry with ws: true covers HTTP and websocket upgrades.
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which files each entry (the app, each island) loads; read by the prerender
    // and by the JavaScript budget check (scripts/js-budget.mjs).
    manifest: !isSsrBuild,
    // The server build (src/entry-server.tsx, for the prerender) runs once in Node: no chunking there.
    rolldownOptions: isSsrBuild
      ? {}
      : {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), ...islandEntries },
      output: {
        // React and TanStack are needed on every page: long-lived vendor chunks that survive deploys.
        // Chakra is deliberately NOT grouped: one Chakra chunk would pull every component any route
        // uses (Drawer's dialog machine, …) into the first load; left alone, each route chunk brings
        // only its own components (measured: 181 KB gzip for `/` instead of 209 KB).
        codeSplitting: {
          groups: [
            // Bundler helpers (module interop, the dynamic-import preloader) in a chunk of their own: left in
            // the entry chunk, every route chunk would depend on the entry and so on its stylesheet, which
            // the preloader would then fetch again on prerendered pages that carry it inline.
            { name: 'bundler-runtime', test: /^\0(rolldown\/runtime|vite\/preload-helper)/, priority: 40 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'tanstack-router', test: /[\\/]node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store)[\\/]/, priority: 20 },
            // TanStack Query only where the signed-in areas load it (lib/query-client.tsx).
            { name: 'tanstack-query', test: /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
}));
