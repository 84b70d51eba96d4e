import { defaultServerConditions, defineConfig, mergeConfig } from 'vite';
import appConfig from './vite.config.ts';

// The build's server render (src/prerender.tsx), run by scripts/prerender.mjs after the app's
// build to write the first screen of `/`, `/widget` and `/calc/:slug` into their HTML. The same
// plugins and CSS modules as the app's build, so class names match; everything bundled into one
// Node module (dist-prerender/prerender.js), which the published product never loads.
export default mergeConfig(
  { ...appConfig, build: {} },
  defineConfig({
    ssr: {
      noExternal: true,
      resolve: { conditions: ['source', ...defaultServerConditions] },
    },
    build: {
      ssr: 'src/prerender.tsx',
      outDir: 'dist-prerender',
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  }),
);
