import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { WidgetApp } from './app/WidgetApp';

// The entry of widget.html, which the server answers /widget with (see src/main.tsx for the rest).
const container = document.getElementById('root');
if (!container) throw new Error('widget.html has no #root element');

const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <WidgetApp />
    </StrictMode>,
  );
});
