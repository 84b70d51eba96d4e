import { boot } from './lib/boot';

// The entry of widget.html, which the server answers /widget with: it imports nothing else, so
// nothing runs before the first paint (lib/boot.ts). The estimator itself is start-widget.tsx.
boot(() => import('./start-widget'));
