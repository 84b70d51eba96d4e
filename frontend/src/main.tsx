import { boot } from './lib/boot';

// The entry of index.html, which the server answers every page but /widget with (home.html and
// share.html are the same, prerendered): it imports nothing else, so nothing runs before the
// first paint (lib/boot.ts). The app itself is start-app.tsx.
boot(() => import('./start-app'));
