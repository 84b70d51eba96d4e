import { boot } from './lib/boot';

// The entry of index.html, which the server answers every page but /widget with (home.html and
// share.html are the same, prerendered): it imports nothing else, so nothing runs before the
// first paint (lib/boot.ts). React (with the module that renders the page), then the theme
// (MUI's styling), then the app itself (start-app.tsx).
boot(
  () => import('./lib/render-root'),
  () => import('./theme/theme'),
  () => import('./start-app'),
);
