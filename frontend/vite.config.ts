import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://localhost:3000';

// Libraries every page needs. They get their own long-cached chunks; everything else stays
// with the route that imports it, so heavy dashboard or map code never reaches the landing page.
const SHARED_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // Apart from React: the /widget page (widget.html) does without it.
  { name: 'router', test: /node_modules[\\/](react-router|@remix-run|cookie-es)[\\/]/ },
  // MUI's colour functions alone: the estimator's first step computes the brand's shades with them
  // (features/estimator/brand-colors.ts) and must not load the rest of MUI to do so.
  {
    name: 'mui-color',
    test: /node_modules[\\/]@mui[\\/](system[\\/]colorManipulator|utils[\\/](clamp|formatMuiErrorMessage))[\\/]/,
  },
  {
    name: 'mui-core',
    test: /node_modules[\\/](@emotion|@mui[\\/](system|styled-engine|utils|private-theming)|@mui[\\/]material[\\/](styles|CssBaseline|utils)[\\/]|stylis|react-is|clsx|hoist-non-react-statics|@babel[\\/]runtime)/,
  },
  // The layout primitives nearly every page renders. Apart, each was a request of its own (1-2 kB)
  // that a page had to wait for, which on a phone network costs more than the bytes.
  {
    name: 'mui-layout',
    test: /node_modules[\\/]@mui[\\/](material[\\/](Box|Container|Stack|Typography|Paper|Divider|Link|SvgIcon|Chip|Grow|transitions)[\\/]|icons-material[\\/]utils[\\/])/,
  },
  // Icons are a few hundred bytes each: one chunk for all of them instead of one request per icon.
  { name: 'icons', test: /node_modules[\\/]@mui[\\/]icons-material[\\/]/ },
];

/**
 * The development server answers /widget with widget.html and /calc/:slug with share.html, as the
 * api does in production (backend/src/core/http/frontend.ts); every other page falls back to
 * index.html.
 */
function ownEntryPages(): Plugin {
  return {
    name: 'rafter-own-entry-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path, query] = (request.url ?? '').split('?');
        const page =
          path === '/widget'
            ? 'widget.html'
            : /^\/calc\/[^/]+\/?$/.test(path ?? '')
              ? 'share.html'
              : null;
        if (page) request.url = `/${page}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), ownEntryPages()],
  resolve: {
    // `source` makes `@rafter/domain/*` resolve to the TypeScript sources, compiled by Vite.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_ORIGIN,
      '/socket.io': { target: API_ORIGIN, ws: true },
      '/uploads': API_ORIGIN,
      '/embed.js': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph scripts/check-bundle-size.mjs sums per route.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        app: fileURLToPath(new URL('index.html', import.meta.url)),
        widget: fileURLToPath(new URL('widget.html', import.meta.url)),
        share: fileURLToPath(new URL('share.html', import.meta.url)),
      },
      output: {
        codeSplitting: { groups: SHARED_CHUNKS },
      },
    },
  },
});
