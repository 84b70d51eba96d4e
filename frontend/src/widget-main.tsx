import './lib/zod-jitless';
import { WidgetApp } from './app/WidgetApp';
import { renderRoot } from './lib/render-root';

// The entry of widget.html, which the server answers /widget with (see src/main.tsx for the rest).
renderRoot('widget.html', <WidgetApp />);
