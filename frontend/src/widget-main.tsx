import { boot } from './lib/boot';

// The entry of widget.html, which the server answers /widget with: it imports nothing else, so
// nothing runs before the first paint (lib/boot.ts). React (with the module that renders the
// page), then the theme (MUI's styling), then the estimator itself (start-widget.tsx).
boot(
  () => import('./lib/render-root'),
  () => import('./theme/theme'),
  () => import('./start-widget'),
);
