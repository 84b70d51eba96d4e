import './lib/zod-jitless';
import { ShareApp } from './app/ShareApp';
import { renderRoot } from './lib/render-root';

// The entry of share.html, which the server answers /calc/:slug with (see src/main.tsx for the
// rest; inside the app the same page is a route).
renderRoot('share.html', <ShareApp />);
