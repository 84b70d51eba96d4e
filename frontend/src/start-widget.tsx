import './lib/zod-jitless';
import { WidgetApp } from './app/WidgetApp';
import { renderRoot } from './lib/render-root';

// /widget: the estimator without the router or the other pages, started by widget-main.tsx.
renderRoot('widget.html', <WidgetApp />);
