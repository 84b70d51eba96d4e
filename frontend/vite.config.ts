import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
  {
    name: 'mui-core',
    // With src/theme: MUI's default theme is the app's theme (oneMuiTheme below).
    test: /frontend[\\/]src[\\/]theme[\\/]|node_modules[\\/](@emotion|@mui[\\/](system|styled-engine|utils|private-theming)|@mui[\\/]material[\\/](styles|CssBaseline|utils)[\\/]|stylis|react-is|clsx|hoist-non-react-statics|@babel[\\/]runtime)/,
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

/** theme.ts imports MUI's createTheme by this name (see oneMuiTheme). */
const MUI_CREATE_THEME = 'virtual:mui-create-theme';

/**
 * One MUI theme instead of three. When its modules load, MUI builds a default theme
 * (`@mui/material/styles/defaultTheme`, for components rendered outside a ThemeProvider) and Box a
 * second one of its own, each a full `createTheme()`, before the app builds its own: on a phone
 * each costs tens of milliseconds of the main thread in the task that loads MUI, right after the
 * first paint. Every page renders inside a ThemeProvider with the app's theme, so the default
 * is never used; here it is the app's theme (src/theme/theme.ts), and Box uses that default too.
 * theme.ts imports createTheme from its own module (MUI_CREATE_THEME) rather than from
 * `@mui/material/styles`, whose styled() needs the default theme: no import cycle. The build
 * fails if MUI's files no longer read as expected, instead of quietly building three themes.
 */
function oneMuiTheme(): Plugin {
  const stylesDir = dirname(createRequire(import.meta.url).resolve('@mui/material/styles'));
  const appTheme = fileURLToPath(new URL('src/theme/theme.ts', import.meta.url));
  const BOX_IMPORT = 'import { createTheme } from "../styles/index.mjs";';
  const BOX_THEME = 'const defaultTheme = createTheme();';
  return {
    name: 'rafter-one-mui-theme',
    enforce: 'pre',
    resolveId(source) {
      return source === MUI_CREATE_THEME ? join(stylesDir, 'createTheme.mjs') : undefined;
    },
    transform(code, id) {
      const file = id.replace(/\?.*/, '').replaceAll('\\', '/');
      if (file.endsWith('/@mui/material/styles/defaultTheme.mjs')) {
        if (!code.includes('createTheme()')) this.error('MUI changed: defaultTheme.mjs');
        return `export { theme as default } from ${JSON.stringify(appTheme)};`;
      }
      if (file.endsWith('/@mui/material/Box/Box.mjs')) {
        if (!code.includes(BOX_IMPORT) || !code.includes(BOX_THEME)) {
          this.error('MUI changed: Box.mjs');
        }
        return code
          .replace(BOX_IMPORT, 'import defaultTheme from "../styles/defaultTheme.mjs";')
          .replace(BOX_THEME, '');
      }
      return undefined;
    },
  };
}

/**
 * The development server answers /widget with widget.html, as the api does in production
 * (backend/src/core/http/frontend.ts); every other page falls back to index.html.
 */
function widgetPage(): Plugin {
  return {
    name: 'rafter-widget-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [path, query] = (request.url ?? '').split('?');
        if (path === '/widget') request.url = `/widget.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [oneMuiTheme(), react(), widgetPage()],
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
      },
      output: {
        codeSplitting: { groups: SHARED_CHUNKS },
      },
    },
  },
});
