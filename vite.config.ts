import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

// The browser build renders with Preact through preact/compat; the server keeps React
// (docs/decisions/0016-first-load-javascript.md). Only for `vite build`: the dev server keeps React
// in the browser too, for React Router's fast refresh.
const PREACT_FOR_REACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

function preactInTheBrowser(): Plugin {
  return {
    name: 'phap-bao:preact-in-the-browser',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  plugins: [preactInTheBrowser(), reactRouter()],
  build: {
    // Fonts and icons stay files with hashed names; never inlined into CSS.
    assetsInlineLimit: 0,
    // PB_NO_MINIFY=1 node scripts/build.mjs keeps names readable in a browser CPU profile.
    minify: process.env.PB_NO_MINIFY ? false : 'esbuild',
    // The gzip column of Vite's report costs time and is not what we serve (scripts/precompress.mjs).
    reportCompressedSize: false,
    modulePreload: {
      // What a page keeps offline loads on first use (app/components/offline/offline-keep.ts, decision
      // 0039). Listing its imports ahead, to fetch them at once, would add the list to the first load
      // of every page that can call it; they come one after the other instead, rarely and unhurried.
      resolveDependencies: (file, deps) => (/\/offline-keep-[\w-]+\.js$/.test(file) ? [] : deps),
    },
    rollupOptions: {
      onwarn(warning, warn) {
        // zod's sources have prose comments that mention `@__PURE__` where no annotation can be:
        // Rollup drops those comments, which changes nothing in the output.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        // Routes without a page (app/routes/resources/, logout, …) have nothing for the browser: their
        // client chunk is empty by design.
        if (warning.code === 'EMPTY_BUNDLE') return;
        warn(warning);
      },
    },
  },
});
